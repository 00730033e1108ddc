// The reports page's first period ('around' in lib.ts PERIODS: the last 8 weeks and the next 4, whole
// weeks from Monday), without imports beyond lib/today: the route table's prefetch (app/routes.tsx)
// asks for it beside the page's code. lib.ts periodDates gives the same (first-period.test.ts).
import { localToday } from '../../lib/today';

const shift = (date: string, days: number) => {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

export function firstPeriod(today = localToday()): { from: string; to: string } {
  const monday = shift(today, -((new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7));
  return { from: shift(monday, -7 * 7), to: shift(monday, 7 * 4 + 6) };
}
