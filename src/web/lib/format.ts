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

/** The device's calendar day `days` from today, written YYYY-MM-DD as date inputs take it. */
export function localDay(days = 0): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
