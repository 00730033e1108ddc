// ?package=<id> and ?practitioner=<id> preselect, once, when the packages arrive (the console prints
// such links). A practitioner alone picks their package when they offer exactly one.
import { useEffect, useRef, useState } from 'react';
import { useSearchParam } from '../../lib/location';
import type { PublicBookingPackage } from './api';

/**
 * Calls `choose` once the packages are in; answers whether the page is still settling: such a link adds
 * the package's card (and its practitioners) above the month view once the packages arrive. Until then
 * what follows keeps its place but is hidden, and shows at once in its new place: hidden content that
 * moves is no layout shift (CLS 0 for the console's links too).
 */
export function usePreselect(packages: PublicBookingPackage[] | undefined, choose: (packageId: string | undefined, practitioner: string | undefined) => void) {
  const wantPackage = useSearchParam('package');
  const wantPractitioner = useSearchParam('practitioner');
  const preselected = useRef(false);
  const [preselectDone, setPreselectDone] = useState(false);
  const chooseNow = useRef(choose);
  chooseNow.current = choose;
  useEffect(() => {
    if (preselected.current || !packages) return;
    preselected.current = true;
    setPreselectDone(true);
    const offeredBy = wantPractitioner ? packages.filter((p) => p.practitioners?.some((x) => x.id === wantPractitioner)) : [];
    const chosen = packages.find((p) => p.id === wantPackage) ?? (offeredBy.length === 1 ? offeredBy[0] : undefined);
    chooseNow.current(chosen?.id, wantPractitioner ?? undefined);
  }, [packages, wantPackage, wantPractitioner]);
  return Boolean(wantPackage || wantPractitioner) && !preselectDone;
}
