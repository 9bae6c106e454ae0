/** Cuts text to `max` characters plus an ellipsis, as the grid and tiles show names. */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** "Sunday 11/22/2026": weekday m/d/yyyy, as checklist cards show their date. */
export function formatWeekdayDate(iso: string): string {
  const d = new Date(iso);
  const weekday = d.toLocaleDateString('en-US', { weekday: 'long' });
  return `${weekday} ${d.getMonth() + 1}/${d.getDate()}/${d.getFullYear()}`;
}
