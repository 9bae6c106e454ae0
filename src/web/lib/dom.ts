// A few lines of DOM building for the signed-out pages, which run without React (decision
// 0062): the landing and sign-in pages must stay small enough to load at once on a phone.

type Child = Node | string | null;

/** An element with string attributes and children; `null` children are left out. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  for (const child of children) if (child !== null) element.append(child);
  return element;
}

/**
 * A link the page follows itself (`follow`) on a plain click, and the browser follows on a
 * middle click or with a modifier key (a new tab), as a router's link does.
 */
export function pageLink(
  href: string,
  attributes: Record<string, string>,
  text: string,
  follow: () => void,
): HTMLAnchorElement {
  const link = h('a', { ...attributes, href }, text);
  link.addEventListener('click', (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    follow();
  });
  return link;
}

/** The Vaultgrid mark and name, as the signed-in app's `Logo` draws them. */
export function logo(light: boolean): HTMLElement {
  return h(
    'span',
    {
      class: `inline-flex items-center gap-2 text-xl font-bold ${light ? 'text-white' : 'text-brand-900'}`,
    },
    h('img', { src: '/favicon.svg', alt: '', class: 'h-8 w-8' }),
    'Vaultgrid',
  );
}
