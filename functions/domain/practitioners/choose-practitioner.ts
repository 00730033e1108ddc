// Domain: practitioners. Who a booking is with: the choice of practitioner for a time (bookings/ when
// a booking is made, domain/bookings/move.ts when it moves).
//
// Who a booking of a practitioner package is with (docs/practitioners.md). The visitor's time must be
// a start the chosen practitioner offers (for "anyone", a time of the one grid offered over everyone
// offering the package: exactly the times the page lists); the candidates whose own grid has that
// time free, as read, are then tried in the fair order:
//   fewest minutes already taken that local day, then name, then id
// so the day's work spreads over the team and the order is the same for every request. The write
// (holdPlace) decides: a candidate whose time was taken meanwhile fails its condition and the next is
// tried, so N practitioners and more racing visitors give exactly N bookings, one each.
import { dayBoundsUtc, normaliseTime, todayIn, type AvailabilityRules } from '#shared/bookings/slots';
import { takenMinutesBetween, type ServiceTiming } from '#shared/bookings/practitioner-times';
import { badRequest } from '#lib/errors';
import type { BookingPackageRecord } from '../../data/booking-packages';
import type { PractitionerRecord } from '../../data/practitioners';
import { chosenPractitioners, diaryDay, offeringPractitioners, rangeOf, readTaken, timingOf, usesPractitioners } from '#domain/availability/diary';
import { SLOT_REFUSALS } from '#domain/bookings/refusals';

export type Candidate = Pick<PractitionerRecord, 'id' | 'name'>;

export interface ChosenTime {
  slot: { time: string; startUtc: string; endUtc: string };
  timing: ServiceTiming;
  /** Free at that time as read, in the order to try them. */
  candidates: Candidate[];
}

function refuse(refusal: keyof typeof SLOT_REFUSALS): never {
  const [field, message] = SLOT_REFUSALS[refusal];
  throw badRequest(message, { [field]: message });
}

/**
 * The time and candidates of a booking; undefined for a package on the clinic-wide schedule.
 * `ownId`'s time counts as free: the booking a retry with the same Idempotency-Key resumes.
 */
export async function chooseTime(
  org: { id: string },
  pkg: BookingPackageRecord,
  rules: AvailabilityRules,
  body: { bookingDate: string; bookingTime: string; practitionerId?: string },
  now: Date,
  ownId?: string,
): Promise<ChosenTime | undefined> {
  if (!usesPractitioners(pkg)) return undefined;
  const practitioners = chosenPractitioners(await offeringPractitioners(org.id, pkg), body.practitionerId);
  return findPractitionerTime(org, rules, timingOf(pkg, rules), practitioners, body.bookingDate, body.bookingTime, now, ownId);
}

/**
 * A requested local date and time among some practitioners' free starts: the slot and the candidates
 * free then (none when it is taken: the caller answers 409), or the 400 refusal of a time not offered.
 * `exceptOwner`'s own time counts as free (a booking moving onto part of its time).
 */
export async function findPractitionerTime(
  org: { id: string },
  rules: AvailabilityRules,
  timing: ServiceTiming,
  practitioners: readonly PractitionerRecord[],
  date: string,
  requestedTime: string,
  now: Date,
  exceptOwner?: string,
): Promise<ChosenTime> {
  const time = normaliseTime(requestedTime);
  if (!time) refuse('invalid-time');
  const bounds = dayBoundsUtc(date, rules.timeZone);
  if (!bounds) refuse('invalid-date');
  const { fromMs, toMs } = rangeOf(date, date, rules.timeZone, timing);
  const taken = await readTaken(org.id, practitioners, fromMs, toMs, now, exceptOwner);
  const day = diaryDay(date, rules, timing, practitioners, taken, now);
  const slot = day.slots.find((s) => s.time === time);
  if (!slot) {
    // Why not: a start nobody offers that day, a day that is not open, or a time taken (409 by the caller):
    // one on the grid of an empty day, or still on someone's own grid but no longer among the times
    // "anyone" offers (another start nearby came free and took its place on the one grid).
    const free = diaryDay(date, rules, timing, practitioners, new Map(), now);
    const offered = free.slots.find((s) => s.time === time) ?? diaryDay(date, rules, timing, practitioners, taken, now, { union: true }).slots.find((s) => s.time === time);
    if (offered) return { slot: offered, timing, candidates: [] };
    if (free.status === 'past') refuse(date < todayIn(rules.timeZone, now) ? 'past-date' : 'time-passed');
    if (free.status === 'too-far') refuse('too-far');
    if (free.status === 'closed-date' || free.status === 'closed-weekday') refuse('closed');
    refuse('not-offered');
  }
  const dayFrom = Date.parse(bounds.from);
  const dayTo = Date.parse(bounds.to);
  const load = (id: string) => takenMinutesBetween(taken.get(id) ?? new Set(), dayFrom, dayTo);
  const candidates = practitioners
    .filter((p) => slot.practitionerIds.includes(p.id))
    .sort((a, b) => load(a.id) - load(b.id) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id))
    .map((p) => ({ id: p.id, name: p.name }));
  return { slot, timing, candidates };
}
