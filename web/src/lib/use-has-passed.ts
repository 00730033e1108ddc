// Whether a moment has come, for what a page offers from then on (a visit's attendance once it has
// started): read from the clock when the component mounts, then turned by a timer at the moment
// itself while the page stays open. A render reads no clock (renders stay pure).
import { useEffect, useState } from 'react';

/** setTimeout's longest wait (about 24.8 days): a later moment is not waited for on an open page. */
const LONGEST_WAIT_MS = 2 ** 31 - 1;

/** True once `iso` (an ISO date-time) is now or past. */
export function useHasPassed(iso: string): boolean {
  const at = Date.parse(iso);
  /** The moment found passed (another moment is looked at afresh). */
  const [passedAt, setPassedAt] = useState(() => (at <= Date.now() ? at : undefined));
  useEffect(() => {
    const wait = at - Date.now();
    if (passedAt === at || Number.isNaN(wait) || wait > LONGEST_WAIT_MS) return undefined;
    const timer = setTimeout(() => setPassedAt(at), Math.max(0, wait));
    return () => clearTimeout(timer);
  }, [at, passedAt]);
  return passedAt === at;
}
