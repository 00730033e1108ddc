// Domain: waitlist (issue 37). Patients wait for a package (a practitioner, or anyone) on some days and
// hours until a date; when a time that suits them frees (the `time-freed` event, ./on-time-freed.ts), or
// staff offer one by hand, it is offered:
//   one-by-one (default)  held for the first waiting patient who fits, as a booking page hold is
//                         (places.ts holdPlace: the same conditional writes, the same claims: one unpaid
//                         hold per email and per phone, the day's share), for the clinic's window; the
//                         hold sweep ends it at the window's end (its time-freed event then offers the
//                         time to the next patient); the offer mail's link opens its checkout.
//   all-at-once           told to everyone waiting who fits, nothing held: first to book wins on the
//                         booking page (its own challenge, caps and conditional writes).
// The hold, the offer, the patient's "offered this time" mark, the mails and the webhook are ONE
// transaction, and the offer's id (= the held booking's id) is derived from the event, so an event
// delivered twice makes one offer, and one patient is never offered one time twice.
import { createHash } from 'node:crypto';
import { currencyOf } from '#shared/currency';
import { paymentPolicyOf } from '#shared/bookings/payment-policy';
import { findSlot, type AvailabilityRules } from '#shared/bookings/slots';
import { localParts } from '#shared/bookings/zone';
import { policyOf } from '#shared/policy';
import type { WaitlistOfferEventObject } from '#shared/webhooks/schemas';
import { log } from '#lib/log';
import { HttpError } from '#lib/errors';
import { getAvailability, rulesOf } from '../../data/availability';
import { getBookingPackage, type BookingPackageRecord } from '../../data/booking-packages';
import { getBooking, type BookingRecord } from '../../data/bookings';
import { TransactionFailure, tryTransact, type TransactItem } from '../../data/core';
import { erasedSince } from '../../data/erasures';
import { dayClaim, emailClaim, phoneClaim } from '../../data/hold-claims';
import { listSlotCountsBetween } from '../../data/holds';
import { outboxMail, outboxSms } from '../../data/outbox';
import { reportItems } from '../../data/reports';
import { getOrganization, type Organization } from '../../data/organizations';
import { offeringPractitioners, timingOf, usesPractitioners } from '../availability/diary';
import {
  endEntryItem, entryOfferedItem, getOffer, getWaitlistSettings, listWaiting, listWaitingOf, moveOfferItem, newLinkToken, offeredMark, offeredMarkItem, putOfferItems, statsItem, tokenHash,
  type WaitlistEntry, type WaitlistOffer, type WaitlistSettings,
} from '../../data/waitlist';
import { webhookEventItems } from '../../data/webhooks';
import type { BookingConfirmedEvent, TimeFreedEvent } from '../../data/event-types';
import { ClaimFullError, SlotFullError, giveBackHold, holdPlace } from '../bookings/places';
import { clinicDayCap, practitionerDayCap } from '../bookings/hold-limits';
import { heldBookingRecord } from '../bookings/held-booking';
import { chooseTime } from '../practitioners/choose-practitioner';
import { offerMessages, waitlistLink } from './mail';

/** What an offer needs of the clinic, read once per event. */
interface Clinic {
  org: Organization;
  rules: AvailabilityRules;
  settings: WaitlistSettings;
  packages: Map<string, Promise<BookingPackageRecord | undefined>>;
}

async function clinicOf(orgId: string): Promise<Clinic | undefined> {
  const org = await getOrganization(orgId);
  if (!org) return undefined;
  const [availability, settings] = await Promise.all([getAvailability(orgId), getWaitlistSettings(orgId)]);
  return { org, rules: rulesOf(availability, org.timeZone), settings, packages: new Map() };
}

function packageOf(c: Clinic, id: string): Promise<BookingPackageRecord | undefined> {
  if (!c.packages.has(id)) c.packages.set(id, getBookingPackage(c.org.id, id).then((p) => (p && p.isActive && !p.deletedAt ? p : undefined)));
  return c.packages.get(id)!;
}

/** An offer's id: derived from what caused it, so the same cause makes the same offer (and booking). */
export const offerIdOf = (cause: string) => `wlo${createHash('sha256').update(cause).digest('hex').slice(0, 21)}`;

/** The local date, time and ISO weekday (1 Monday) of an instant in the clinic's zone. */
export function localOf(startUtc: string, timeZone: string) {
  const p = localParts(Date.parse(startUtc), timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  const date = `${p.year}-${pad(p.month)}-${pad(p.day)}`;
  const weekday = new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay() || 7;
  return { date, time: `${pad(p.hour)}:${pad(p.minute)}`, weekday };
}

/** Whether a waiting entry wants a time starting then (its days, its hours, until its date) of this practitioner (null: a clinic-wide slot). */
export function entryWants(e: Pick<WaitlistEntry, 'days' | 'fromTime' | 'toTime' | 'until' | 'practitionerId'>, startUtc: string, practitionerId: string | null, timeZone: string): boolean {
  const local = localOf(startUtc, timeZone);
  if (local.date > e.until || !e.days.includes(local.weekday) || local.time < e.fromTime || local.time >= e.toTime) return false;
  return !e.practitionerId || !practitionerId || e.practitionerId === practitionerId;
}

/** Whether a package books the freed resource: that practitioner's time, or the clinic-wide slots. */
const packageTakes = (pkg: BookingPackageRecord, practitionerId: string | null) =>
  practitionerId ? usesPractitioners(pkg) && (pkg.practitionerIds ?? []).includes(practitionerId) : !usesPractitioners(pkg);

export type Outcome = { kind: 'held' | 'told'; offer: WaitlistOffer } | { kind: 'full' } | { kind: 'skip' } | { kind: 'done' } | { kind: 'too-soon' };

/** The webhook object of an offer (waitlist.offer_made / offer_taken). */
const offerObject = (o: WaitlistOffer, e: Pick<WaitlistEntry, 'firstName' | 'lastName' | 'email'>): WaitlistOfferEventObject => ({
  object: 'waitlist_offer', id: o.id, entryId: o.entryId, mode: o.mode, status: o.status, source: o.source, packageId: o.packageId, packageName: o.packageName,
  practitioner: o.practitionerId ? { id: o.practitionerId, name: o.practitionerName ?? '' } : null, startUtc: o.startUtc, endUtc: o.endUtc, timeZone: o.timeZone,
  bookingDate: o.bookingDate, bookingTime: o.bookingTime, expiresAt: o.expiresAt, bookingId: o.bookingId, patient: { firstName: e.firstName, lastName: e.lastName, email: e.email },
  priceMinor: o.priceMinor, currency: o.currency, createdAt: o.createdAt,
});

/** The rows written with an offer: itself, the entry's count and token, the mark, its mail (and SMS), its webhook. */
async function offerRows(c: Clinic, o: WaitlistOffer, e: WaitlistEntry, b: BookingRecord, extra: readonly TransactItem[] = []): Promise<TransactItem[]> {
  const token = newLinkToken();
  const links = { book: waitlistLink(c.org.apiKey, 'offer', o.id, token, e.locale), leave: waitlistLink(c.org.apiKey, 'leave', e.id, token, e.locale) };
  // The mail says what is due now to take it (the held booking's payment policy: a deposit, nothing for a held card...).
  const { mail, sms } = offerMessages(o, e, c.org.name, links, b.paymentPolicy ?? undefined);
  const offer = { ...o, tokenHash: tokenHash(token) };
  return [
    ...putOfferItems(offer),
    offeredMarkItem(o.orgId, e.id, o.startUtc, o.id),
    entryOfferedItem(o.orgId, e.id, offer.tokenHash, o.createdAt, o.mode === 'one-by-one' ? o.id : undefined),
    outboxMail(`waitlist-offer-${o.orgId}-${o.id}`, mail, o.orgId),
    ...(policyOf(c.org).reminderSms && e.phoneNumber ? [outboxSms(`waitlist-offer-sms-${o.orgId}-${o.id}`, { to: e.phoneNumber, message: sms, senderName: c.org.name }, o.orgId)] : []),
    ...(await webhookEventItems({ orgId: o.orgId, type: 'waitlist.offer_made', changeKey: `waitlist-offer-made-${o.id}`, objectKey: `waitlist_offer:${o.id}`, object: offerObject(o, e), at: o.createdAt })),
    ...extra,
  ];
}

/** The shortest offer worth making: a time that begins sooner is not offered. */
export const MIN_OFFER_MINUTES = 5;

/**
 * When an offer ends: the clinic's window, but never after the time itself begins (a hold outliving the
 * start would let the patient pay for a visit already under way, and keep the time from anyone else).
 */
export const offerEnd = (c: Pick<Clinic, 'settings'>, startUtc: string, now: Date) =>
  new Date(Math.min(now.getTime() + c.settings.holdMinutes * 60_000, Date.parse(startUtc))).toISOString();

/** The held booking of an offer: as the booking page's (its package's price, currency and payment policy), held for the clinic's window. */
function offerBooking(c: Clinic, e: WaitlistEntry, pkg: BookingPackageRecord, id: string, slot: { date: string; time: string; startUtc: string; endUtc: string }, durationMinutes: number, now: Date, practitioner?: { id: string; name: string; before: number; after: number }): BookingRecord {
  return {
    ...heldBookingRecord({
      id, orgId: c.org.id, locale: e.locale as BookingRecord['locale'], pkg, patient: e, slot, timeZone: c.rules.timeZone, durationMinutes,
      practitioner: practitioner && { id: practitioner.id, name: practitioner.name, bufferBeforeMinutes: practitioner.before, bufferAfterMinutes: practitioner.after },
      holdMinutes: c.settings.holdMinutes, now,
    }),
    // Never past the time itself (offerEnd), whatever the clinic's window.
    holdExpiresAt: offerEnd(c, slot.startUtc, now),
    releaseTokenHashes: [],
    // What the patient agrees to when they take it (as the booking page's hold: lib/booking-choice.ts): taking it follows the package's mode.
    paymentPolicy: paymentPolicyOf(pkg), savedCard: null,
  };
}

const offerOf = (b: BookingRecord, e: WaitlistEntry, mode: WaitlistOffer['mode'], source: WaitlistOffer['source'], expiresAt: string, at: string): WaitlistOffer => ({
  id: b.id, orgId: b.orgId, entryId: e.id, mode, status: 'open', source, packageId: b.packageId, packageName: b.packageName, practitionerId: b.practitionerId ?? null,
  practitionerName: b.practitionerName ?? null, startUtc: b.startUtc, endUtc: b.endUtc, bookingDate: b.bookingDate, bookingTime: b.bookingTime, timeZone: b.timeZone,
  bookingId: mode === 'one-by-one' ? b.id : null, priceMinor: b.priceCents, currency: currencyOf(b.currency), expiresAt, createdAt: at, updatedAt: at, tokenHash: '',
});

/**
 * Offers the time starting at `startUtc` (local `date`/`time`) to one entry: held for them
 * ('one-by-one': every candidate practitioner in the fair order until one's time is free), or told
 * ('all-at-once': only when it is free as read). 'full': no place is free (stop), 'skip': not for this
 * patient (their own unpaid hold elsewhere, a time their package does not offer), 'done': this offer exists.
 */
async function offerTo(
  c: Clinic, e: WaitlistEntry, pkg: BookingPackageRecord, when: { date: string; time: string }, offerId: string, source: WaitlistOffer['source'], now: Date,
  options: { practitionerId?: string; also?: readonly TransactItem[] } = {},
): Promise<Outcome> {
  const rules = c.rules;
  let chosen;
  try {
    chosen = await chooseTime(c.org, pkg, rules, { bookingDate: when.date, bookingTime: when.time, practitionerId: e.practitionerId ?? options.practitionerId }, now);
  } catch (error) {
    if (error instanceof HttpError && error.status === 400) return { kind: 'skip' };
    throw error;
  }
  const found = chosen ? { slot: chosen.slot } : findSlot(rules, when.date, when.time, now);
  if ('refusal' in found) return { kind: 'skip' };
  if (chosen && !chosen.candidates.length) return { kind: 'full' };
  const slot = { ...found.slot, date: when.date };
  const minutes = chosen ? chosen.timing.durationMinutes : rules.slotMinutes;
  const at = now.toISOString();
  const expiresAt = offerEnd(c, slot.startUtc, now);
  // A time about to begin is no use to anyone still to read a mail and pay.
  // Staff offering it by hand are told so (not that it is not a time of the package).
  if (Date.parse(expiresAt) - now.getTime() < MIN_OFFER_MINUTES * 60_000) return { kind: source === 'staff' ? 'too-soon' : 'skip' };

  if (c.settings.mode === 'all-at-once' && source === 'freed') {
    // Nothing is held: tell only of a time free as read (a clinic-wide slot with a place left).
    const counts = chosen ? undefined : (await listSlotCountsBetween(c.org.id, slot.startUtc, slot.endUtc)).get(slot.startUtc);
    if (counts && counts.taken >= rules.capacity) return { kind: 'full' };
    const b = offerBooking(c, e, pkg, offerId, slot, minutes, now, chosen ? { ...chosen.candidates[0], before: 0, after: 0 } : undefined);
    const offer = offerOf(b, e, 'all-at-once', source, expiresAt, at);
    return (await tryTransact(await offerRows(c, offer, e, b))) ? { kind: 'told', offer } : { kind: 'skip' };
  }
  const team = chosen ? new Map((await offeringPractitioners(c.org.id, pkg)).map((p) => [p.id, p])) : undefined;
  for (const candidate of chosen ? chosen.candidates : [undefined]) {
    const practitioner = candidate && team?.get(candidate.id);
    const b = offerBooking(c, e, pkg, offerId, slot, minutes, now, candidate && chosen ? { id: candidate.id, name: candidate.name, before: chosen.timing.bufferBeforeMinutes, after: chosen.timing.bufferAfterMinutes } : undefined);
    const cap = practitioner ? practitionerDayCap(rules, timingOf(pkg, rules), practitioner, when.date, now) : clinicDayCap(rules, when.date);
    const claims = [emailClaim(e.email), phoneClaim(e.phoneNumber), dayClaim(when.date, practitioner ? practitioner.id : 'slots', cap)];
    const offer = offerOf(b, e, 'one-by-one', source, b.holdExpiresAt!, at);
    try {
      await holdPlace(b, rules.capacity, now, claims, await offerRows(c, offer, e, b, options.also));
      return { kind: 'held', offer };
    } catch (error) {
      if (error instanceof SlotFullError) continue;
      // The day holds its share of unpaid holds: nobody else can be held for now either.
      if (error instanceof ClaimFullError) return error.claim.kind === 'day' ? { kind: 'full' } : { kind: 'skip' };
      if (error instanceof TransactionFailure && error.conditionFailed) return (await getOffer(c.org.id, offerId)) ? { kind: 'done' } : { kind: 'skip' };
      throw error;
    }
  }
  return { kind: 'full' };
}

/**
 * A time came free: an offer of it that ran out is closed, then the time goes to those waiting who want
 * it, first come first (one-by-one: the first who can be held for; all-at-once: each who fits).
 */
export async function offerFreedTime(event: TimeFreedEvent, now = new Date()): Promise<void> {
  // The time an offer held came free (its window ended, or it was given back): that offer is over.
  if (event.freedBy.type === 'booking') {
    const lapsed = await getOffer(event.orgId, event.freedBy.id);
    if (lapsed?.status === 'open') await tryTransact([moveOfferItem(event.orgId, lapsed.id, ['open'], 'lapsed', event.at)]);
  }
  if (Date.parse(event.startUtc) <= now.getTime()) return;
  const c = await clinicOf(event.orgId);
  if (!c) return;
  const offerId = offerIdOf(event.id);
  if (c.settings.mode === 'one-by-one' && (await getOffer(c.org.id, offerId))) return;
  const when = localOf(event.startUtc, c.rules.timeZone);
  for (const e of await listWaiting(c.org.id)) {
    if (!entryWants(e, event.startUtc, event.practitionerId, c.rules.timeZone)) continue;
    const pkg = await packageOf(c, e.packageId);
    if (!pkg || !packageTakes(pkg, event.practitionerId)) continue;
    if (await offeredMark(c.org.id, e.id, event.startUtc)) continue;
    // Their erase has begun (its mark is written first; their entries are ended moments later): nothing is held or sent in their name.
    if (await erasedSince(c.org.id, { email: e.email, phone: e.phoneNumber }, e.createdAt)) continue;
    const id = c.settings.mode === 'one-by-one' ? offerId : offerIdOf(`${event.id}:${e.id}`);
    const outcome = await offerTo(c, e, pkg, when, id, 'freed', now, { practitionerId: event.practitionerId ?? undefined });
    if (outcome.kind === 'held' || outcome.kind === 'told') {
      log.info('A freed time was offered from the waitlist', { orgId: c.org.id, offerId: outcome.offer.id, entryId: e.id, mode: outcome.offer.mode });
    }
    if (c.settings.mode === 'one-by-one' && outcome.kind !== 'skip') return;
    if (outcome.kind === 'full') return;
  }
}

/** Staff offer a time to a waiting patient by hand: held for them for the window (one-by-one), whatever the mode. */
export async function offerByHand(orgId: string, entry: WaitlistEntry, when: { date: string; time: string }, cause: string, also: readonly TransactItem[], now = new Date()): Promise<Outcome> {
  const c = await clinicOf(orgId);
  if (!c) return { kind: 'skip' };
  const pkg = await packageOf(c, entry.packageId);
  if (!pkg) return { kind: 'skip' };
  return offerTo(c, entry, pkg, when, offerIdOf(cause), 'staff', now, { also });
}

/**
 * A booking was confirmed: an offer it was made from is taken (the list filled a time: counted once),
 * and the patient who booked stops waiting for that package (on their own, or from an offer).
 */
export async function offerBooked(event: BookingConfirmedEvent): Promise<void> {
  const { orgId } = event;
  const entries = (await listWaitingOf(orgId, event.patient.email)).filter((e) => e.packageId === event.packageId && e.status === 'waiting');
  let offer = await getOffer(orgId, event.bookingId);
  let entry = offer ? entries.find((e) => e.id === offer!.entryId) : undefined;
  if (!offer) {
    // All at once: the offer told this patient of this time; they booked it on the booking page.
    for (const e of entries) {
      const mark = await offeredMark(orgId, e.id, event.startUtc);
      const told = mark ? await getOffer(orgId, mark) : undefined;
      if (told) [offer, entry] = [told, e];
    }
  }
  if (offer && offer.status !== 'taken') {
    const taken: WaitlistOffer = { ...offer, status: 'taken', bookingId: event.bookingId, updatedAt: event.at };
    // The offer is closed and counted whoever booked it; a patient erased since (this row was held while
    // the erase ran) is not named in its webhook.
    const erased = await erasedSince(orgId, { email: event.patient.email, phone: event.patient.phone }, event.at);
    const patient = erased ? { firstName: '', lastName: '', email: '' } : (entry ?? { firstName: event.patient.firstName, lastName: event.patient.lastName, email: event.patient.email });
    const moved = await tryTransact([
      moveOfferItem(orgId, offer.id, ['open', 'lapsed'], 'taken', event.at),
      statsItem(orgId, 'filled'),
      // The reports' figure, on the day of the time filled (as its offer was counted).
      ...reportItems(orgId, [{ day: offer.bookingDate, figure: 'waitlist:filled', by: 1 }]),
      ...(await webhookEventItems({ orgId, type: 'waitlist.offer_taken', changeKey: `waitlist-offer-taken-${offer.id}`, objectKey: `waitlist_offer:${offer.id}`, object: offerObject(taken, patient), at: event.at })),
    ]);
    if (moved) log.info('A time offered from the waitlist was booked', { orgId, offerId: offer.id });
  }
  for (const e of entries) await tryTransact([endEntryItem(orgId, e.id, 'booked', event.at)]);
}

/** The patient leaves the list: they wait no more, and a time held for them is given back at once (the next patient's turn). */
export async function leaveList(e: WaitlistEntry, now = new Date()): Promise<void> {
  if (e.status === 'waiting') await tryTransact([endEntryItem(e.orgId, e.id, 'left', now.toISOString())]);
  const held = e.heldOfferId ? await getBooking(e.orgId, e.heldOfferId) : undefined;
  if (held?.status !== 'held') return;
  // Stripe not answering (an open checkout): the hold lapses at its window's end as any hold does.
  if ((await giveBackHold(held, now).catch(() => 'kept')) === 'released') await tryTransact([moveOfferItem(e.orgId, held.id, ['open'], 'withdrawn', now.toISOString())]);
}
