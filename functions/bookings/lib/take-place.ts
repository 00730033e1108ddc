// POST /bookings/create-booking, its second and third steps: choose who the patient sees and take the
// place, by conditional writes (lib/places.ts: exactly one of two racing visitors gets the last place).
// The hold counts in its claims: one unpaid hold per email and per phone, a few per client network, a
// share of the day (lib/hold-limits.ts). A patient trying again (same email and phone, same time and
// package) gets their own hold back. The booking's id comes from the Idempotency-Key (newId), so a
// retry that takes over an unfinished attempt finds the place it held and continues with it.
import { HttpError, conflict, tooManyRequests } from '#lib/errors';
import { BOOKING_MESSAGES } from '#shared/bookings/schemas';
import { getBooking, type BookingRecord } from '../../data/bookings';
import { cancellationCodes } from '../../data/core';
import { claimHolders, dayClaim, emailClaim, networkClaim, phoneClaim, type HoldClaim } from '../../data/hold-claims';
import { offeringPractitioners, timingOf } from '#domain/availability/diary';
import type { BookingChoice, BookingRequest } from './booking-choice';
import { heldBooking } from './booking-choice';
import type { Candidate } from '#domain/practitioners/choose-practitioner';
import { NETWORK_HOLDS, clinicDayCap, networkOf, practitionerDayCap } from '#domain/bookings/hold-limits';
import { ClaimFullError, SlotFullError, expireLapsedHold, holdPlace } from '#domain/bookings/places';

/** The refusals of a claim that counts its unpaid holds already (lib/hold-limits.ts). */
export const HOLD_LIMIT_MESSAGES = {
  patient: (minutes: number) =>
    `You already have a booking waiting for payment. Please complete that payment, or try again in ${minutes} minute${minutes === 1 ? '' : 's'} when it is released.`,
  network: (minutes: number) => `Too many bookings from your network are waiting for payment. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  day: 'Too many bookings for this day are waiting for payment. Please choose another day, or try again in a few minutes.',
};

/** A key's tries at most: a try whose hold was given back stays as it is, and the next one holds anew. */
export const MAX_TRIES = 5;

/** The request's own ids and secrets (endpoint's newId/newSecret), its client and its moment. */
export interface Attempt {
  newId: (label: string) => string;
  newSecret: (label: string) => string;
  /** The client's network key (http's clientKey). */
  client: string;
  now: Date;
}

/** The held place and the token that gives it back (the cancel address, the page's 'choose another time'). */
export interface TakenPlace {
  booking: BookingRecord;
  releaseToken: string;
}

/** Try `tries`'s booking id and release token: the first try's plain, the next ones numbered. */
export const tryLabel = (tries: number) => (tries ? `booking-${tries}` : 'booking');

/** Minutes until an ISO time, at least one (a wait told to a person). */
export const minutesUntil = (iso: string, now: Date) => Math.max(1, Math.ceil((Date.parse(iso) - now.getTime()) / 60_000));

/** One place taking: the choice, its request, the attempt, and the claims the hold counts in. */
class PlaceTaking {
  private readonly at: string;
  private readonly person: HoldClaim[];
  private team: Map<string, Awaited<ReturnType<typeof offeringPractitioners>>[number]> | undefined;

  constructor(
    private readonly choice: BookingChoice,
    private readonly body: BookingRequest,
    private readonly attempt: Attempt,
  ) {
    this.at = attempt.now.toISOString();
    this.person = [emailClaim(body.email), phoneClaim(body.phoneNumber), networkClaim(networkOf(attempt.client), NETWORK_HOLDS)];
  }

  /** The practitioners offering the package (their day's share), read once for a practitioner package. */
  async readTeam() {
    const { org, pkg, chosen } = this.choice;
    this.team = chosen ? new Map((await offeringPractitioners(org.id, pkg)).map((p) => [p.id, p])) : undefined;
  }

  /** The claims this hold counts in; the day's is per resource (the clinic-wide slots, or the candidate). */
  claimsFor(candidate?: Candidate): HoldClaim[] {
    const { pkg, rules } = this.choice;
    const practitioner = candidate && this.team?.get(candidate.id);
    const cap = practitioner ? practitionerDayCap(rules, timingOf(pkg, rules), practitioner, this.body.bookingDate, this.attempt.now) : clinicDayCap(rules, this.body.bookingDate);
    return [...this.person, dayClaim(this.body.bookingDate, practitioner ? practitioner.id : 'slots', cap)];
  }

  /** This patient's own unpaid hold of this very time and package, still running: a retry gets it back. */
  async ownHold(holders: string[]): Promise<BookingRecord | undefined> {
    const { org, pkg, slot } = this.choice;
    for (const id of holders) {
      const b = await getBooking(org.id, id);
      if (
        b?.status === 'held' && b.holdExpiresAt! > this.at && b.startUtc === slot.startUtc && b.packageId === pkg.id &&
        b.email.trim().toLowerCase() === this.body.email.trim().toLowerCase() && b.phoneNumber === this.body.phoneNumber
      ) return b;
    }
    return undefined;
  }

  /** The patient's own hold found through their email's claim (a reload without the key). */
  ownHoldByEmail(): Promise<BookingRecord | undefined> {
    return claimHolders(this.choice.org.id, emailClaim(this.body.email).sk).then((holders) => this.ownHold(holders));
  }

  /** Minutes until the first of these holds ends. */
  async waitOf(holders: string[]): Promise<number> {
    const ends = (await Promise.all(holders.map((id) => getBooking(this.choice.org.id, id)))).map((b) => b?.holdExpiresAt).filter((e): e is string => Boolean(e)).sort();
    return minutesUntil(ends[0] ?? this.at, this.attempt.now);
  }

  /**
   * A hold found as this patient's own may be this very key's earlier try (a retry): then that try's
   * token; otherwise `fallback` (this page's own, which the hold learns when its checkout opens).
   */
  tokenOf(held: BookingRecord, fallback: string): string {
    for (let tries = 0; tries < MAX_TRIES; tries++) {
      const label = tryLabel(tries);
      if (this.attempt.newId(label) === held.id) return this.attempt.newSecret(`${label}-release`);
    }
    return fallback;
  }

  /**
   * A fresh hold with id `id`: each candidate in turn (one, or everyone free for "anyone"); the first
   * whose time is still free (and whose day is not held to its share) gets it. A claim that refuses
   * (the patient's own, the network's) answers at once, unless the hold it names is this patient's own
   * (then with its token: `fallback` unless a try of this key made it). No place, with `dayFull`, when
   * no candidate could take it.
   */
  async holdFresh(id: string, token: string, fallback: string): Promise<{ place?: TakenPlace; dayFull: boolean }> {
    const { chosen, rules } = this.choice;
    let dayFull = false;
    for (const candidate of chosen ? chosen.candidates : [undefined]) {
      const fresh = heldBooking(this.choice, this.body, this.attempt.now, id, token, candidate);
      try {
        await holdPlace(fresh, rules.capacity, this.attempt.now, this.claimsFor(candidate));
        return { place: { booking: fresh, releaseToken: token }, dayFull };
      } catch (error) {
        if (error instanceof SlotFullError) continue;
        if (error instanceof ClaimFullError) {
          if (error.claim.kind === 'day') {
            dayFull = true;
            continue;
          }
          if (error.claim.kind === 'network') {
            const minutes = await this.waitOf(error.holders);
            throw tooManyRequests(HOLD_LIMIT_MESSAGES.network(minutes), minutes * 60);
          }
          const own = await this.ownHold(error.holders);
          if (own) return { place: { booking: own, releaseToken: this.tokenOf(own, fallback) }, dayFull };
          throw conflict(HOLD_LIMIT_MESSAGES.patient(await this.waitOf(error.holders)));
        }
        if (cancellationCodes(error).includes('TransactionConflict')) {
          throw new HttpError(503, 'Many people are booking right now. Please try again in a moment.', undefined, { 'Retry-After': '1' });
        }
        throw error;
      }
    }
    return { dayFull };
  }

  /**
   * One try of this key: its booking resumed when still held, ended when its time ran out, refused when
   * confirmed, taken fresh when new. Undefined when the next try should hold anew (expired, cancelled).
   */
  async tryOnce(tries: number, fallback: string): Promise<TakenPlace | undefined> {
    const label = tryLabel(tries);
    const id = this.attempt.newId(label);
    const token = this.attempt.newSecret(`${label}-release`);
    const existing = await getBooking(this.choice.org.id, id);
    if (existing?.status === 'held' && existing.holdExpiresAt! > this.at) return { booking: existing, releaseToken: token };
    // Its time ran out: ended as the sweep ends it, the Checkout Session expired at Stripe with it.
    if (existing?.status === 'held') await expireLapsedHold(existing, this.attempt.now);
    else if (existing?.status === 'confirmed') throw conflict('This booking is confirmed already.');
    else if (!existing) {
      const { place, dayFull } = await this.holdFresh(id, token, fallback);
      if (place) return place;
      // A full time may be full with this patient's own hold of it (a page reloaded: a new key), which
      // they get back, as when their claim is what refused them.
      const own = dayFull ? undefined : await this.ownHoldByEmail();
      if (!own) throw conflict(dayFull ? HOLD_LIMIT_MESSAGES.day : BOOKING_MESSAGES.taken);
      return { booking: own, releaseToken: this.tokenOf(own, fallback) };
    }
    // expired or cancelled: that try is over; the next id holds anew.
    return undefined;
  }
}

/**
 * Choose the practitioner and take the place: the held booking (new, or this patient's own taken
 * over) and its release token. Refuses with 409 when the time is taken or the patient already holds
 * another, 429 when their network holds too many, 503 when the write lost to a concurrent one.
 */
export async function takePlace(choice: BookingChoice, body: BookingRequest, attempt: Attempt): Promise<TakenPlace> {
  const taking = new PlaceTaking(choice, body, attempt);
  await taking.readTeam();
  // This page's own token, for a hold of this patient's that no try of this key made.
  const pageToken = attempt.newSecret('own-hold-release');
  if (choice.chosen && !choice.chosen.candidates.length) {
    // Nobody is free then: perhaps because of this patient's own hold of it (a reload without the
    // key), which they get back; otherwise the time is taken.
    const own = await taking.ownHoldByEmail();
    if (!own) throw conflict(BOOKING_MESSAGES.taken);
    return { booking: own, releaseToken: taking.tokenOf(own, pageToken) };
  }
  for (let tries = 0; tries < MAX_TRIES; tries++) {
    const place = await taking.tryOnce(tries, pageToken);
    if (place) return place;
  }
  throw conflict('This booking was tried too many times. Please reload the page and try again.');
}
