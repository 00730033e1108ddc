// A booking waiting for payment, as the booking page remembers it (issue 34). Checkout opens in the
// same tab (no popup for a phone to block); just before, the page keeps the hold (its booking, release
// token and checkout) in localStorage and the visitor's form in sessionStorage (this tab only: the
// contact details do not outlive it). Back on the page - through Checkout's cancel address, the
// browser's back button, or the page opened again later - the visitor resumes paying, or gives the
// hold back at once and chooses again with their details still filled in; a Continue with another
// time gives it back first, so nobody is told to wait for their own hold to run out.
// Checkout's cancel address names its hold (?booking=&release=): the page gives it back at once and
// takes the token out of its address.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import type { BookingFormValues } from '#shared/bookings/form';
import { localParts } from '#shared/bookings/zone';
import { dateTimeFormat } from '#shared/i18n/intl-cache';
import { releaseHold } from './api';
import { useLatest } from '../../lib/use-latest';

export interface PendingHold {
  bookingId: string;
  releaseToken: string;
  checkoutUrl: string;
  holdExpiresAt: string;
  packageName: string;
  startUtc: string;
  timeZone: string;
  /** What was asked (requestOf): a Continue asking the same resumes this hold instead of giving it back. */
  request: string;
  /** A series' hold (issue 37.1): every held visit's start, in time order, and the weeks its rule repeats by. */
  series?: { startsUtc: string[]; everyWeeks: number };
}

/** The form as the visitor left it for Checkout. */
export interface SavedForm {
  values: BookingFormValues;
  practitioner: string;
  /**
   * A series sent to Checkout (issue 37.1): its rule and the visits chosen, so the series step comes back
   * as it was and Continue asks the same series again (resuming its hold, not booking one visit).
   */
  series?: { everyWeeks: number; count: number; visits: { date: string; time: string }[] };
}

const holdKey = (apiKey: string) => `clinic.booking.hold.${apiKey}`;
const formKey = (apiKey: string) => `clinic.booking.form.${apiKey}`;

function read<T>(storage: () => Storage, key: string): T | undefined {
  try {
    const raw = storage().getItem(key);
    return raw ? (JSON.parse(raw) as T) : undefined;
  } catch {
    return undefined;
  }
}

function write(storage: () => Storage, key: string, value: unknown) {
  try {
    if (value === undefined) storage().removeItem(key);
    else storage().setItem(key, JSON.stringify(value));
  } catch {
    // Storage refused (private mode, full): the page works on, it only cannot offer the hold back later.
  }
}

const local = () => window.localStorage;
const session = () => window.sessionStorage;

/** The same booking asked again: the same package, person, time and patient. */
export const requestOf = (r: { packageId: string; practitionerId?: string; bookingDate: string; bookingTime: string; email: string; phoneNumber: string }) =>
  JSON.stringify([r.packageId, r.practitionerId ?? '', r.bookingDate, r.bookingTime, r.email.trim().toLowerCase(), r.phoneNumber.trim()]);

/** The hold kept for this clinic's page, unless its time ran out. */
export function readPendingHold(apiKey: string, now = Date.now()): PendingHold | undefined {
  const hold = read<PendingHold>(local, holdKey(apiKey));
  if (hold && Date.parse(hold.holdExpiresAt) > now) return hold;
  if (hold) write(local, holdKey(apiKey), undefined);
  return undefined;
}

/** Remembers the hold and the form, just before the page goes to Checkout. */
export function rememberHold(apiKey: string, hold: PendingHold, form: SavedForm) {
  write(local, holdKey(apiKey), hold);
  write(session, formKey(apiKey), form);
}

export const readSavedForm = (apiKey: string) => read<SavedForm>(session, formKey(apiKey));

/** Paid: nothing to resume, and the next booking starts with an empty form. */
export function forgetBooking(apiKey: string) {
  write(local, holdKey(apiKey), undefined);
  write(session, formKey(apiKey), undefined);
}

/** The time a hold waiting for payment keeps for this patient, as the day's time buttons list one. */
export interface HeldSlot {
  date: string;
  time: string;
  startUtc: string;
  /** As the server labels a time ('10:00 AM EST'). */
  label: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The (first) time of the hold waiting for payment (or being given back, or just given back), when it is
 * for this package and practitioner: the day may not list it as free (it is held, for this very patient,
 * or was when the day was read), yet it stays theirs to choose, so the form back from Checkout keeps it
 * chosen and its Continue asks the same booking or series again.
 */
export function heldSlot(state: HoldState, packageId: string, practitionerId: string): HeldSlot | undefined {
  const hold = state.kind === 'waiting' || state.kind === 'releasing' || state.kind === 'released' ? state.hold : undefined;
  if (!hold || !packageId) return undefined;
  // requestOf's first items: the package and the practitioner asked for.
  if (!hold.request.startsWith(`${JSON.stringify([packageId, practitionerId]).slice(0, -1)},`)) return undefined;
  const at = Date.parse(hold.startUtc);
  if (Number.isNaN(at)) return undefined;
  const p = localParts(at, hold.timeZone);
  const label = dateTimeFormat('en-US', { timeZone: hold.timeZone, hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(at);
  return { date: `${p.year}-${pad(p.month)}-${pad(p.day)}`, time: `${pad(p.hour)}:${pad(p.minute)}`, startUtc: hold.startUtc, label };
}

/** Checkout's cancel address: the hold it names, taken out of the page's address (the token is not kept in history). */
function takeCancelReference(): { bookingId: string; token: string } | undefined {
  const url = new URL(window.location.href);
  const bookingId = url.searchParams.get('booking');
  const token = url.searchParams.get('release');
  if (url.searchParams.get('payment') !== 'cancelled' || !bookingId || !token) return undefined;
  url.searchParams.delete('booking');
  url.searchParams.delete('release');
  window.history.replaceState(window.history.state, '', url.toString());
  return { bookingId, token };
}

type Released = 'released' | 'paid' | 'failed';

/**
 * Whether the hold given back is a series: its own record says so; without it (Checkout's cancel address
 * naming a hold this page no longer keeps), the form this tab last sent to Checkout does.
 */
const isSeries = (apiKey: string, hold: PendingHold | undefined) => (hold ? Boolean(hold.series) : Boolean(readSavedForm(apiKey)?.series));

async function giveBack(apiKey: string, bookingId: string, token: string): Promise<Released> {
  try {
    const result = await releaseHold(apiKey, bookingId, token);
    if (result.success && result.data.data) return result.data.data.outcome;
    // Not found: the hold is no one's to give back any more (gone, or another page's).
    return result.responseCode === 404 ? 'released' : 'failed';
  } catch {
    return 'failed';
  }
}

export type HoldState =
  | { kind: 'none' }
  /** A hold waiting for payment: resume it, or give it back (`failed`: the last try to give it back failed). */
  | { kind: 'waiting'; hold: PendingHold; failed?: boolean }
  /** `series`: what is given back is a series (the notices speak of its visits, not of one booking). */
  | { kind: 'releasing'; hold?: PendingHold; series?: boolean }
  /** Given back: from Checkout's cancel address, or by the visitor's choice on the page. */
  | { kind: 'released'; via: 'cancel' | 'choice'; series?: boolean; hold?: PendingHold }
  | { kind: 'paid' };

/**
 * The page's hold. `onShownAgain`: the browser brought the page back from its cache (the back button
 * from Checkout), with the state it had when it left: the page clears its 'redirecting' notices.
 */
export function usePendingHold(apiKey: string, onShownAgain?: () => void) {
  const [state, setState] = useState<HoldState>({ kind: 'none' });
  const shownAgain = useLatest(onShownAgain);
  /** A hold being given back: a Continue meanwhile waits for it (else this patient's own hold would refuse it). */
  const inFlight = useRef<Promise<Released>>(undefined);
  const { mutate } = useSWRConfig();

  // Given back (Checkout's cancel address, 'Choose another time'): its times are free again, so the day's
  // and month's free times and a series' preview, read while they were held, are read again.
  const released = state.kind === 'released';
  useEffect(() => {
    if (released) void mutate((key) => Array.isArray(key) && ['booking-day', 'booking-days', 'series-preview'].includes(key[0] as string));
  }, [released, mutate]);

  const settle = useCallback(
    (outcome: Released, via: 'cancel' | 'choice', hold: PendingHold | undefined) => {
      if (outcome === 'failed') {
        setState(hold ? { kind: 'waiting', hold, failed: true } : { kind: 'none' });
        return;
      }
      write(local, holdKey(apiKey), undefined);
      setState(outcome === 'paid' ? { kind: 'paid' } : { kind: 'released', via, series: isSeries(apiKey, hold), hold });
    },
    [apiKey],
  );

  useEffect(() => {
    if (!apiKey) return;
    let live = true;
    const start = () => {
      const stored = readPendingHold(apiKey);
      const cancelled = takeCancelReference();
      if (cancelled) {
        const hold = stored?.bookingId === cancelled.bookingId ? stored : undefined;
        setState({ kind: 'releasing', hold, series: isSeries(apiKey, hold) });
        const given = giveBack(apiKey, cancelled.bookingId, cancelled.token);
        inFlight.current = given;
        void given.then((outcome) => {
          if (!live) return;
          // Another hold kept by this page (not the one cancelled) stays waiting.
          if (outcome !== 'failed' && stored && !hold) setState({ kind: 'waiting', hold: stored });
          else settle(outcome, 'cancel', hold);
        });
      } else setState(stored ? { kind: 'waiting', hold: stored } : { kind: 'none' });
    };
    start();
    const onShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      shownAgain.current?.();
      start();
    };
    window.addEventListener('pageshow', onShow);
    return () => {
      live = false;
      window.removeEventListener('pageshow', onShow);
    };
  }, [apiKey, settle, shownAgain]);

  /** The visitor gives the waiting hold back ('Choose another time'). */
  const giveUp = useCallback(async () => {
    if (state.kind !== 'waiting') return;
    const { hold } = state;
    setState({ kind: 'releasing', hold, series: Boolean(hold.series) });
    const given = giveBack(apiKey, hold.bookingId, hold.releaseToken);
    inFlight.current = given;
    settle(await given, 'choice', hold);
  }, [apiKey, state, settle]);

  /**
   * Before a Continue: the waiting hold's checkout when the same booking is asked again ('resume');
   * else the hold is given back first ('go' on). 'paid': it was paid meanwhile, so nothing new is booked.
   */
  const beforeContinue = useCallback(
    async (request: string): Promise<{ resume: string } | 'go' | 'paid'> => {
      if (state.kind === 'releasing') return (await inFlight.current) === 'paid' ? 'paid' : 'go';
      const hold = state.kind === 'waiting' ? state.hold : undefined;
      if (!hold || Date.parse(hold.holdExpiresAt) <= Date.now()) return 'go';
      if (hold.request === request) return { resume: hold.checkoutUrl };
      const outcome = await giveBack(apiKey, hold.bookingId, hold.releaseToken);
      if (outcome === 'paid') {
        settle(outcome, 'choice', hold);
        return 'paid';
      }
      // Failed: the booking goes on all the same (the server says so if this patient's hold stands in the way).
      if (outcome === 'released') {
        write(local, holdKey(apiKey), undefined);
        setState({ kind: 'none' });
      }
      return 'go';
    },
    [apiKey, state, settle],
  );

  return { state, giveUp, beforeContinue };
}
