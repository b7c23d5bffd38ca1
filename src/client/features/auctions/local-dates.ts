// The create form picks calendar days in the viewer's time zone; the server gets instants.
const pad = (n: number) => String(n).padStart(2, '0');

/** YYYY-MM-DD of a moment, in the viewer's time zone. */
export function localDay(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return localDay(new Date(y, m - 1, d + days, 12).getTime());
}

function parts(day: string): [number, number, number] {
  return day.split('-').map(Number) as [number, number, number];
}

/** A start day as an instant: today means now, a later day its local midnight. */
export function startInstant(day: string, now: number): number {
  if (day === localDay(now)) return now;
  const [y, m, d] = parts(day);
  return new Date(y, m - 1, d).getTime();
}

/** An end day as an instant: the last millisecond of that local day. */
export function endInstant(day: string): number {
  const [y, m, d] = parts(day);
  return new Date(y, m - 1, d + 1).getTime() - 1;
}
