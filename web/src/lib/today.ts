// Local dates (YYYY-MM-DD) without imports: the route table's prefetches (app/routes.tsx) use them in
// the console's first chunk (shared/bookings/slots.ts addDays brings the zone code along).

/** Today in the browser's zone. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A local date `days` later (or earlier). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
