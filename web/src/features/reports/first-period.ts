// The reports page's first period ('around' in lib.ts PERIODS: the last 8 weeks and the next 4, whole
// weeks from Monday), without imports beyond lib/today: the route table's prefetch (app/routes.tsx)
// asks for it beside the page's code. lib.ts periodDates gives the same (first-period.test.ts).
import { addDays, localToday } from '../../lib/today';

export function firstPeriod(today = localToday()): { from: string; to: string } {
  const monday = addDays(today, -((new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7));
  return { from: addDays(monday, -7 * 7), to: addDays(monday, 7 * 4 + 6) };
}
