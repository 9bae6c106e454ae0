/** "Sunday 11/22/2026": weekday m/d/yyyy, as checklist cards show their date. */
export function formatWeekdayDate(iso: string): string {
  const d = new Date(iso);
  const weekday = d.toLocaleDateString('en-US', { weekday: 'long' });
  return `${weekday} ${d.getMonth() + 1}/${d.getDate()}/${d.getFullYear()}`;
}
