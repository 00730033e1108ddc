// Step one's data, choosing the time: the day asked for (its free times, and the clinic's zone and so
// its 'today'), the month the month view shows and its free starts per date. A time is only ever one
// of the chosen day's buttons.
import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { todayIn } from '#shared/bookings/time';
import { useHydrated } from '../../lib/location';
import { useI18n } from '../../i18n/i18n';
import { addMonths, daysInMonth, monthOf } from '../shared/month-view';
import { browserToday, dayKey, dayOptions, loadDay, loadDays, useFirstDay, type DaysKey } from './booking-data';
import type { FreeDay } from './api';
import type { HeldSlot } from './pending-hold';

/** The day with the patient's own held time among its times (in time order), when it is that day's. */
function withHeld(day: FreeDay, held: HeldSlot | undefined): FreeDay {
  if (!held || held.date !== day.date || day.slots.some((s) => s.time === held.time)) return day;
  const slot = { time: held.time, startUtc: held.startUtc, endUtc: new Date(Date.parse(held.startUtc) + day.slotMinutes * 60_000).toISOString(), label: held.label, remaining: 0 };
  return { ...day, slots: [...day.slots, slot].sort((a, b) => a.startUtc.localeCompare(b.startUtc)) };
}

export function useBookingMonth({ apiKey, packageId, practitionerId, bookingDate, bookingTime, clearTime, held }: {
  apiKey: string;
  packageId: string;
  /** '' for a clinic-wide package. */
  practitionerId: string;
  bookingDate: string;
  bookingTime: string;
  /** Chooses no time (the one chosen is not offered on the chosen day). */
  clearTime: () => void;
  /** The time this patient holds, waiting for payment (pending-hold.ts heldSlot): still theirs to choose. */
  held?: HeldSlot;
}) {
  const hydrated = useHydrated();
  const { intl } = useI18n();
  /** The month the month view shows ('YYYY-MM'); until the visitor moves it, that of the date, or today's. */
  const [month, setMonth] = useState<string>();
  // The clinic's zone (and so its 'today') comes with any day's answer; ask for the visitor's today first.
  const probeDate = bookingDate || browserToday();
  const { data: day, isLoading: dayLoading } = useSWR(apiKey ? dayKey(apiKey, probeDate, packageId, practitionerId) : null, loadDay, dayOptions);
  // The clinic's zone, kept while another day loads: falling back to the browser's today meanwhile
  // changed the date field's `min` mid-typing (in the evening west of UTC they differ), and Chromium
  // then starts the half-typed year afresh.
  const [knownZone, setKnownZone] = useState<string>();
  if (day?.timeZone && day.timeZone !== knownZone) setKnownZone(day.timeZone);
  const zone = day?.timeZone ?? knownZone;
  // The visitor's own today only in the browser: the prerendered page does not know it.
  const minDate = zone ? todayIn(zone) : hydrated ? browserToday() : undefined;
  const chosenDay = bookingDate && day?.date === bookingDate ? withHeld(day, held) : undefined;
  // A time is only ever one of the chosen day's buttons: one the day no longer offers (another day,
  // package or practitioner was chosen) is chosen again.
  const shouldClear = Boolean(chosenDay && bookingTime && !chosenDay.slots.some((s) => s.time === bookingTime));
  useEffect(() => {
    if (shouldClear) clearTime();
  }, [shouldClear, clearTime]);

  // The month view's days wait for the clinic's country (its first answer): the week's first day follows
  // it (Monday in Germany, Sunday in the US), and days laid out on the language's guess would move.
  const clinic = useFirstDay(apiKey).data;
  const weekKnown = Boolean(clinic) && (!clinic!.clinicRegion || intl.endsWith(`-${clinic!.clinicRegion}`));
  // The month view: the free start times of each day of the shown month, from today on.
  const firstMonth = minDate && monthOf(minDate);
  // Until the visitor moves it: the chosen date's month (a form restored back from Checkout), else the first.
  const asked = month ?? (bookingDate ? monthOf(bookingDate) : undefined);
  const shownMonth = firstMonth && (asked && asked >= firstMonth ? asked : firstMonth);
  const from = shownMonth && (shownMonth === firstMonth ? minDate : `${shownMonth}-01`);
  const daysKey: DaysKey | null =
    apiKey && packageId && shownMonth && from ? ['booking-days', apiKey, packageId, practitionerId, from, daysInMonth(shownMonth) - Number(from.slice(8)) + 1] : null;
  const { data: free, error: daysError, isLoading: daysLoading } = useSWR<Record<string, number>, unknown, DaysKey | null>(daysKey, loadDays, dayOptions);
  const noneFree = Boolean(free && Object.values(free).every((n) => n <= 0));
  // This month full (or nearly over): show the next one, unless the visitor chose a month themselves.
  if (!month && noneFree && firstMonth && shownMonth === firstMonth) setMonth(addMonths(firstMonth, 1));

  return { day, dayLoading, chosenDay, zone, minDate, firstMonth, shownMonth: weekKnown ? shownMonth : undefined, setMonth, free, daysError, daysLoading, noneFree, noteMonth: shownMonth };
}

export type BookingMonth = ReturnType<typeof useBookingMonth>;
