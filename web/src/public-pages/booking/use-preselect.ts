// ?package=<id> and ?practitioner=<id> preselect, once, when the packages arrive (the console prints
// such links). A practitioner alone picks their package when they offer exactly one. ?date=YYYY-MM-DD
// and ?time=HH:MM (with a package) choose that day and time too: a waitlist offer told to everyone
// (all at once) opens the page with its time chosen, so the patient only adds their details. A time
// the day no longer offers (another patient booked it first) is unchosen by the month's own check
// (use-booking-month.ts), and the day's free times are what the patient then sees.
import { useEffect, useRef, useState } from 'react';
import { useSearchParam } from '../../lib/location';
import { useLatest } from '../../lib/use-latest';
import type { PublicBookingPackage } from './api';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}$/;

/** What the address asks to choose; a date or time not written as the form writes them is ignored. */
export interface Preselection {
  packageId: string | undefined;
  practitioner: string | undefined;
  date: string | undefined;
  time: string | undefined;
}

/**
 * Calls `choose` once the packages are in; answers whether the page is still settling: such a link adds
 * the package's card (and its practitioners) above the month view once the packages arrive. Until then
 * what follows keeps its place but is hidden, and shows at once in its new place: hidden content that
 * moves is no layout shift (CLS 0 for the console's links too).
 */
export function usePreselect(packages: PublicBookingPackage[] | undefined, choose: (wanted: Preselection) => void) {
  const wantPackage = useSearchParam('package');
  const wantPractitioner = useSearchParam('practitioner');
  const wantDate = useSearchParam('date');
  const wantTime = useSearchParam('time');
  const preselected = useRef(false);
  const [preselectDone, setPreselectDone] = useState(false);
  const chooseNow = useLatest(choose);
  useEffect(() => {
    if (preselected.current || !packages) return;
    preselected.current = true;
    setPreselectDone(true);
    const offeredBy = wantPractitioner ? packages.filter((p) => p.practitioners?.some((x) => x.id === wantPractitioner)) : [];
    const chosen = packages.find((p) => p.id === wantPackage) ?? (offeredBy.length === 1 ? offeredBy[0] : undefined);
    // A day and time mean nothing without the package they are a time of.
    const date = chosen && wantDate && DATE.test(wantDate) ? wantDate : undefined;
    const time = date && wantTime && TIME.test(wantTime) ? wantTime : undefined;
    chooseNow.current({ packageId: chosen?.id, practitioner: wantPractitioner ?? undefined, date, time });
  }, [packages, wantPackage, wantPractitioner, wantDate, wantTime, chooseNow]);
  return Boolean(wantPackage || wantPractitioner) && !preselectDone;
}
