/**
 * Scrolls `container` (and only it) so `el` is in view. `Element.scrollIntoView` would also
 * scroll the page, which on a phone moves the field panel away from under the thumb.
 */
export function scrollWithin(
  container: HTMLElement,
  el: HTMLElement,
  margin = 8,
  /** What stays stuck over the container's top and left edges (headers), in px. */
  covered: { top: number; left: number } = { top: 0, left: 0 },
): void {
  const box = container.getBoundingClientRect();
  const cell = el.getBoundingClientRect();
  const left = box.left + covered.left + margin;
  const top = box.top + covered.top + margin;
  let dx = 0;
  let dy = 0;
  if (cell.left < left) dx = cell.left - left;
  else if (cell.right > box.right - margin) dx = cell.right - box.right + margin;
  if (cell.top < top) dy = cell.top - top;
  else if (cell.bottom > box.bottom - margin) dy = cell.bottom - box.bottom + margin;
  if (dx !== 0 || dy !== 0) container.scrollBy({ left: dx, top: dy });
}
