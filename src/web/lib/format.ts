/** "Sunday 11/22/2026": weekday m/d/yyyy, as checklist cards show their date. */
export function formatWeekdayDate(iso: string): string {
  const d = new Date(iso);
  const weekday = d.toLocaleDateString('en-US', { weekday: 'long' });
  return `${weekday} ${d.getMonth() + 1}/${d.getDate()}/${d.getFullYear()}`;
}

/** "1,250 lb": a vault's weight as staff read it, tenths only when weighed to them. */
export function formatWeight(pounds: number): string {
  return `${pounds.toLocaleString('en-US', { maximumFractionDigits: 1 })} lb`;
}
