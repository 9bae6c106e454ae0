import { h, logo, pageLink } from '../../../lib/dom';

const blurbs = [
  {
    title: 'Real-time inventory',
    text: 'Every vault, liftvan and pallet in its field or on its shelf, the moment it is placed.',
  },
  {
    title: 'Fast interface',
    text: 'Find the Johnson vaults in seconds, on a tablet in the aisle or at the office desk.',
  },
  {
    title: 'Collaboration',
    text: 'Office and warehouse crews work on the same map, and daily checklists need no account.',
  },
];

/** The page a stranger opens at `/`; Log In calls `onLogIn` (plain DOM: decision 0062). */
export function landingPage(onLogIn: () => void): HTMLElement {
  return h(
    'div',
    { class: 'min-h-screen bg-gradient-to-b from-brand-900 to-brand-700 text-white' },
    h(
      'header',
      { class: 'mx-auto flex max-w-6xl items-center justify-between p-6' },
      logo(true),
      pageLink(
        '/login',
        {
          class:
            'rounded-lg bg-amber-400 px-5 py-3 font-semibold text-slate-900 hover:bg-amber-300',
        },
        'Log In',
        onLogIn,
      ),
    ),
    h(
      'main',
      { class: 'mx-auto max-w-6xl px-6 pb-16 pt-10' },
      h(
        'h1',
        { class: 'max-w-3xl text-4xl font-bold sm:text-5xl' },
        'Your storage warehouse, field by field.',
      ),
      h(
        'p',
        { class: 'mt-4 max-w-2xl text-lg text-blue-100' },
        'Vaultgrid maps vault grids and pallet racks for moving and storage companies: place, ' +
          'find, stage and move every unit, print lists, and keep the daily checklist.',
      ),
      h(
        'div',
        { class: 'mt-12 grid gap-6 md:grid-cols-3' },
        ...blurbs.map((b) =>
          h(
            'section',
            { class: 'rounded-2xl bg-white/10 p-6' },
            h('h2', { class: 'text-xl font-semibold' }, b.title),
            h('p', { class: 'mt-2 text-blue-100' }, b.text),
          ),
        ),
      ),
    ),
  );
}
