/**
 * Scrolls `container` (and only it) so `el` is in view. `Element.scrollIntoView` would also
 * scroll the page, which on a phone moves the field panel away from under the thumb.
 */
export function scrollWithin(container: HTMLElement, el: HTMLElement, margin = 8): void {
  const box = container.getBoundingClientRect();
  const cell = el.getBoundingClientRect();
  let dx = 0;
  let dy = 0;
  if (cell.left < box.left + margin) dx = cell.left - box.left - margin;
  else if (cell.right > box.right - margin) dx = cell.right - box.right + margin;
  if (cell.top < box.top + margin) dy = cell.top - box.top - margin;
  else if (cell.bottom > box.bottom - margin) dy = cell.bottom - box.bottom + margin;
  if (dx !== 0 || dy !== 0) container.scrollBy({ left: dx, top: dy });
}
