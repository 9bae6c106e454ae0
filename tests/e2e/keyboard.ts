import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';

// What the keyboard-only journeys share: where the focus is, whether it shows, walking to a
// control by Tab, and the page's serious accessibility findings.

/** What a screen reader would call the focused control: its label, else its text. */
export function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!(el instanceof HTMLElement)) return '';
    const labelled = el.getAttribute('aria-label');
    if (labelled) return labelled;
    const label = (el as Partial<HTMLInputElement>).labels?.[0];
    return (label?.textContent ?? el.textContent ?? '').trim();
  });
}

/**
 * Whether the focused control shows it: an outline or a ring drawn around it, inside the
 * window, with nothing (a fixed bar) painted over its middle.
 */
export function focusIsVisible(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!(el instanceof HTMLElement) || el === document.body) return false;
    const style = getComputedStyle(el);
    const outlined = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const ringed = style.boxShadow !== 'none';
    const box = el.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    const inWindow = y >= 0 && y <= window.innerHeight && x >= 0 && x <= window.innerWidth;
    const onTop = document.elementFromPoint(x, y);
    const uncovered = !!onTop && (onTop === el || el.contains(onTop) || onTop.contains(el));
    return (outlined || ringed) && inWindow && uncovered;
  });
}

/**
 * Presses `key` until `name` has focus, checking that the focus shows there (with
 * `everyStop`, at each stop on the way too).
 */
export async function tabTo(
  page: Page,
  name: string | RegExp,
  { key = 'Tab', limit = 60, everyStop = false } = {},
): Promise<void> {
  const seen: string[] = [];
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press(key);
    const focused = await focusedName(page);
    seen.push(focused);
    const isTarget = typeof name === 'string' ? focused === name : name.test(focused);
    if (isTarget || everyStop)
      expect(await focusIsVisible(page), `focus on ${focused} is visible`).toBe(true);
    if (isTarget) return;
  }
  throw new Error(`${key} never reached ${String(name)}; passed ${seen.join(' | ')}`);
}

/** Serious and critical axe findings (within `selector`), as "rule: target" lines. */
export async function axeProblems(page: Page, selector?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  if (selector) builder.include(selector);
  const result = await builder.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.slice(0, 3).map((n) => `${v.id}: ${n.target.join(' ')}`));
}

export const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
