// POST /bookings/create-booking (public): hold the chosen time and open a card payment for it (the
// booking page's Continue). Checks the package (active, not
// deleted) and the time (offered, not past, not closed) in the clinic's zone, holds the place from
// this moment (exactly one of two racing visitors gets the last place: places.ts), then opens a
// Stripe Checkout session at the package's price - never a price from the request. The booking is
// confirmed only when Stripe reports the payment (lib/payment-consumer.ts). The hold lasts HOLD_MINUTES
// (lib/hold-limits.ts) and counts in its claims: one unpaid hold per email and per phone, a few per
// client network, a share of the day; when it ends, its session is expired at Stripe and the time is
// listed again (lib/hold-sweep.ts, and at once when a visitor finds the slot full).
// A patient trying again (same email and phone, same time and package) gets their own hold back.
// Idempotent: the booking's id comes from the Idempotency-Key, so a retry that takes over an
// unfinished attempt finds the place it held and continues with it (Stripe's idempotency key is the
// booking's: the same session), never a second hold.
import { currencyOf, fromMinor } from '#shared/currency';
import { findSlot } from '#shared/bookings/slots';
import { config } from '#lib/config';
import { isSitePath } from '#shared/redirect-url';
import { BOOKING_MESSAGES, bookingRequestSchema, isHttpUrl, createBookingReply } from '#shared/bookings/schemas';
import { HttpError, badRequest, conflict, notFound, tooManyRequests } from '#lib/errors';
import { clientKey } from '#http/http';
import { endpoint } from '#http/http';
import { countMetric } from '#lib/log';
import { withReply } from '#lib/request-scope';
import { createCheckoutSession } from '#lib/stripe';
import { stripeLocaleOf } from '#shared/i18n/locales';
import { getAvailability, rulesOf } from '../data/availability';
import { chooseTime, type Candidate } from './lib/choose-practitioner';
import { getBookingPackage } from '../data/booking-packages';
import { getBooking, type BookingRecord } from '../data/bookings';
import { cancellationCodes } from '../data/core';
import { findOrgIdByApiKey, getOrganization } from '../data/organizations';
import { ClaimFullError, SlotFullError, expireLapsedHold, holdPlace, releaseHeld, updateBooking } from './lib/places';
import { claimHolders, dayClaim, emailClaim, networkClaim, phoneClaim, type HoldClaim } from '../data/hold-claims';
import { offeringPractitioners, timingOf } from '../availability/lib/diary';
import { HOLD_MINUTES, NETWORK_HOLDS, clinicDayCap, networkOf, practitionerDayCap } from './lib/hold-limits';
import { SLOT_REFUSALS } from './lib/refusals';
import { releaseTokenHash } from './lib/release-token';
import { PACKAGE_UNAVAILABLE, UNKNOWN_BOOKING_PAGE, bookingPageUrl } from './lib/views';

/**
 * Stripe's shortest Checkout session (30 minutes from its request), and a minute more: the session's
 * end is fixed from the booking's creation, so a resumed request sends Stripe the same parameters and
 * still meets the minimum. The hold is shorter (HOLD_MINUTES): the product expires the session itself.
 */
const CHECKOUT_MINUTES = 31;

const minutesUntil = (iso: string, now: Date) => Math.max(1, Math.ceil((Date.parse(iso) - now.getTime()) / 60_000));
/** The refusals of a claim that counts its unpaid holds already (lib/hold-limits.ts). */
export const HOLD_LIMIT_MESSAGES = {
  patient: (minutes: number) =>
    `You already have a booking waiting for payment. Please complete that payment, or try again in ${minutes} minute${minutes === 1 ? '' : 's'} when it is released.`,
  network: (minutes: number) => `Too many bookings from your network are waiting for payment. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  day: 'Too many bookings for this day are waiting for payment. Please choose another day, or try again in a few minutes.',
};

/** A key's tries at most: a try whose hold was given back stays as it is, and the next one holds anew. */
const MAX_TRIES = 5;
/** Release tokens a hold keeps at most (its first, in Checkout's cancel address, and the latest pages'). */
const MAX_RELEASE_TOKENS = 4;

export const handler = endpoint({ body: bookingRequestSchema, reply: createBookingReply }, async ({ body, newId, newSecret, event }) => {
  const orgId = await findOrgIdByApiKey(body.apiKey);
  const org = orgId ? await getOrganization(orgId) : undefined;
  if (!org) throw notFound(UNKNOWN_BOOKING_PAGE);

  const pkg = await getBookingPackage(org.id, body.packageId, true);
  if (!pkg || !pkg.isActive || pkg.deletedAt) throw badRequest(PACKAGE_UNAVAILABLE, { packageId: PACKAGE_UNAVAILABLE });

  const rules = rulesOf(await getAvailability(org.id), org.timeZone);
  const now = new Date();
  // A package offered by practitioners: the time must be a free start of the one chosen, or of anyone
  // (then the candidates in the fair order of lib/choose-practitioner.ts); else the clinic-wide slot.
  // The first try's id: a retry with the same key finds that booking's time its own (below).
  const chosen = await chooseTime(org, pkg, rules, body, now, newId('booking'));
  const found: ReturnType<typeof findSlot> = chosen ? { slot: chosen.slot } : findSlot(rules, body.bookingDate, body.bookingTime, now);
  if ('refusal' in found) {
    const [field, message] = SLOT_REFUSALS[found.refusal];
    throw badRequest(message, { [field]: message });
  }
  const { slot } = found;

  const at = now.toISOString();
  // The patient's language: their page's, else the clinic's default; their mails, Checkout, the way
  // back to the page and reminders use it.
  const locale = body.locale ?? org.defaultLanguage;

  // Staff set the redirection URL (their own site); it is checked again in case it was stored before the rule.
  // The package's page after paying: an address as is, a path of this site on this site's origin.
  const successUrl = !pkg.redirectionUrl
    ? bookingPageUrl(body.apiKey, 'success', { locale })
    : isHttpUrl(pkg.redirectionUrl)
      ? pkg.redirectionUrl
      : isSitePath(pkg.redirectionUrl)
        ? `${config.appUrl}${pkg.redirectionUrl}`
        : bookingPageUrl(body.apiKey, 'success', { locale });
  const newBooking = (id: string, releaseToken: string, candidate?: Candidate): BookingRecord => ({
    id,
    orgId: org.id,
    releaseTokenHashes: [releaseTokenHash(releaseToken)],
    ...(locale ? { locale } : {}),
    packageId: pkg.id,
    packageName: pkg.packageName,
    priceCents: pkg.packagePriceCents,
    // The package's own currency: what its price was set in (the clinic's at the time).
    currency: currencyOf(pkg.currency),
    firstName: body.firstName,
    lastName: body.lastName,
    email: body.email,
    phoneNumber: body.phoneNumber,
    bookingDate: body.bookingDate,
    bookingTime: slot.time,
    timeZone: rules.timeZone,
    startUtc: slot.startUtc,
    endUtc: slot.endUtc,
    durationMinutes: chosen ? chosen.timing.durationMinutes : rules.slotMinutes,
    ...(candidate && chosen
      ? { practitionerId: candidate.id, practitionerName: candidate.name, bufferBeforeMinutes: chosen.timing.bufferBeforeMinutes, bufferAfterMinutes: chosen.timing.bufferAfterMinutes }
      : { practitionerId: null, practitionerName: null }),
    status: 'held',
    paymentStatus: 'pending',
    holdExpiresAt: new Date(now.getTime() + HOLD_MINUTES * 60_000).toISOString(),
    stripeSessionId: null,
    checkoutUrl: null,
    paymentIntentId: null,
    amountPaidCents: null,
    refundedCents: null,
    payerEmail: null,
    paidAt: null,
    confirmedAt: null,
    expiredAt: null,
    cancelledAt: null,
    cancelledBy: null,
    confirmationSentAt: null,
    needsAttention: null,
    createdAt: at,
    updatedAt: at,
  });

  // The claims this hold counts in; the day's is per resource (the clinic-wide slots, or the candidate).
  const person: HoldClaim[] = [emailClaim(body.email), phoneClaim(body.phoneNumber), networkClaim(networkOf(clientKey(event)), NETWORK_HOLDS)];
  const team = chosen ? new Map((await offeringPractitioners(org.id, pkg)).map((p) => [p.id, p])) : undefined;
  const claimsFor = (candidate?: Candidate): HoldClaim[] => {
    const practitioner = candidate && team?.get(candidate.id);
    const cap = practitioner ? practitionerDayCap(rules, timingOf(pkg, rules), practitioner, body.bookingDate, now) : clinicDayCap(rules, body.bookingDate);
    return [...person, dayClaim(body.bookingDate, practitioner ? practitioner.id : 'slots', cap)];
  };
  /** This patient's own unpaid hold of this very time and package, still running: a retry gets it back. */
  const ownHold = async (holders: string[]) => {
    for (const id of holders) {
      const b = await getBooking(org.id, id);
      if (
        b?.status === 'held' && b.holdExpiresAt! > at && b.startUtc === slot.startUtc && b.packageId === pkg.id &&
        b.email.trim().toLowerCase() === body.email.trim().toLowerCase() && b.phoneNumber === body.phoneNumber
      ) return b;
    }
    return undefined;
  };
  const waitOf = async (holders: string[]) => {
    const ends = (await Promise.all(holders.map((id) => getBooking(org.id, id)))).map((b) => b?.holdExpiresAt).filter((e): e is string => Boolean(e)).sort();
    return minutesUntil(ends[0] ?? at, now);
  };

  let booking: BookingRecord | undefined;
  // The token that gives the hold back (the cancel address, the page's 'choose another time'): one per
  // try of this key (a retry makes the same), or this page's own when it takes over the patient's hold.
  let releaseToken = newSecret('own-hold-release');
  /** A hold found as this patient's own may be this very key's earlier try (a retry): then its own token. */
  const tokenOf = (held: BookingRecord) => {
    for (let tries = 0; tries < MAX_TRIES; tries++) {
      const label = tries ? `booking-${tries}` : 'booking';
      if (newId(label) === held.id) return newSecret(`${label}-release`);
    }
    return releaseToken;
  };
  if (chosen && !chosen.candidates.length) {
    // Nobody is free then: perhaps because of this patient's own hold of it (a reload without the
    // key), which they get back; otherwise the time is taken.
    booking = await ownHold(await claimHolders(org.id, emailClaim(body.email).sk));
    if (!booking) throw conflict(BOOKING_MESSAGES.taken);
    releaseToken = tokenOf(booking);
  }
  for (let tries = 0; !booking; tries++) {
    if (tries === MAX_TRIES) throw conflict('This booking was tried too many times. Please reload the page and try again.');
    const label = tries ? `booking-${tries}` : 'booking';
    const id = newId(label);
    const token = newSecret(`${label}-release`);
    const existing = await getBooking(org.id, id);
    if (existing?.status === 'held' && existing.holdExpiresAt! > at) {
      booking = existing;
      releaseToken = token;
    }
    // Its time ran out: ended as the sweep ends it, the Checkout Session expired at Stripe with it.
    else if (existing?.status === 'held') await expireLapsedHold(existing, now);
    else if (existing?.status === 'confirmed') throw conflict('This booking is confirmed already.');
    else if (!existing) {
      // Each candidate in turn (one, or everyone free for "anyone"): the first whose time is still free
      // (and whose day is not held to its share) gets it.
      let dayFull = false;
      for (const candidate of chosen ? chosen.candidates : [undefined]) {
        const fresh = newBooking(id, token, candidate);
        try {
          await holdPlace(fresh, rules.capacity, now, claimsFor(candidate));
          booking = fresh;
          releaseToken = token;
          break;
        } catch (error) {
          if (error instanceof SlotFullError) continue;
          if (error instanceof ClaimFullError) {
            if (error.claim.kind === 'day') {
              dayFull = true;
              continue;
            }
            if (error.claim.kind === 'network') {
              const minutes = await waitOf(error.holders);
              throw tooManyRequests(HOLD_LIMIT_MESSAGES.network(minutes), minutes * 60);
            }
            booking = await ownHold(error.holders);
            if (booking) {
              releaseToken = tokenOf(booking);
              break;
            }
            throw conflict(HOLD_LIMIT_MESSAGES.patient(await waitOf(error.holders)));
          }
          if (cancellationCodes(error).includes('TransactionConflict')) {
            throw new HttpError(503, 'Many people are booking right now. Please try again in a moment.', undefined, { 'Retry-After': '1' });
          }
          throw error;
        }
      }
      // A full time may be full with this patient's own hold of it (a page reloaded: a new key), which
      // they get back, as when their claim is what refused them.
      if (!booking && !dayFull) booking = await ownHold(await claimHolders(org.id, emailClaim(body.email).sk));
      if (!booking) throw conflict(dayFull ? HOLD_LIMIT_MESSAGES.day : BOOKING_MESSAGES.taken);
      releaseToken = tokenOf(booking);
    }
    // expired or cancelled: that try is over; the next id holds anew.
  }

  // A token the hold does not know yet (its patient's hold taken over by another page) is added to it.
  const tokenHash = releaseTokenHash(releaseToken);
  const hashes = booking.releaseTokenHashes ?? [];
  // The first (Checkout's cancel address) is always kept; of the others, the latest.
  const newHashes = hashes.includes(tokenHash) ? undefined : [...hashes.slice(0, 1), ...hashes.slice(1).slice(2 - MAX_RELEASE_TOKENS), tokenHash];
  // Stripe's idempotency key names the cancel address's token when it is not the hold's first: Stripe
  // refuses a key sent again with other parameters, and the address differs with the token.
  const first = hashes.length === 0 || hashes[0] === tokenHash;
  // Taken over before its first request opened its checkout: a second session (another key) would be a
  // second way to pay one hold. The page tries again in a moment and gets the session then.
  if (!first && !booking.stripeSessionId) {
    throw new HttpError(409, 'This booking is being prepared in another window. Please try again in a moment.', undefined, { 'Retry-After': '2' });
  }
  const cancelUrl = bookingPageUrl(body.apiKey, 'cancelled', { locale: booking.locale, release: { bookingId: booking.id, token: releaseToken } });

  let session: { id: string; url: string };
  try {
    // A hold with its checkout already open (a patient's retry) keeps that session.
    session = booking.stripeSessionId && booking.checkoutUrl ? { id: booking.stripeSessionId, url: booking.checkoutUrl } : await createCheckoutSession({
      amountCents: booking.priceCents,
      currency: currencyOf(booking.currency),
      productName: `${booking.packageName} (${org.name})`.slice(0, 250),
      description: `${booking.bookingTime} on ${booking.bookingDate} (${booking.timeZone})${booking.practitionerName ? ` with ${booking.practitionerName}` : ''}`,
      successUrl,
      cancelUrl,
      customerEmail: body.email,
      metadata: { kind: 'booking', orgId: org.id, bookingId: booking.id },
      expiresAt: Math.floor(Date.parse(booking.createdAt) / 1000) + CHECKOUT_MINUTES * 60,
      idempotencyKey: first ? `booking-${booking.id}` : `booking-${booking.id}-${tokenHash.slice(0, 16)}`,
      // The held booking's own: a resumed request sends Stripe the same parameters.
      locale: stripeLocaleOf(booking.locale),
    });
  } catch (error) {
    // No checkout, no hold: give the place back at once.
    await releaseHeld(booking, 'expired', new Date().toISOString()).catch(() => undefined);
    throw error;
  }
  const reply = {
    status: 201,
    message: 'Please complete the payment to confirm booking',
    data: {
      checkoutUrl: session.url,
      bookingId: booking.id,
      releaseToken,
      holdExpiresAt: booking.holdExpiresAt,
      bookingDate: booking.bookingDate,
      bookingTime: booking.bookingTime,
      timeZone: booking.timeZone,
      startUtc: booking.startUtc,
      packageName: booking.packageName,
      practitionerId: booking.practitionerId ?? null,
      practitionerName: booking.practitionerName ?? null,
      amount: fromMinor(booking.priceCents, booking.currency),
      amountCents: booking.priceCents,
      amountMinor: booking.priceCents,
      currency: currencyOf(booking.currency),
    },
  };
  const held = booking;
  await withReply(reply, () =>
    updateBooking(held, { status: ['held'] }, { stripeSessionId: session.id, checkoutUrl: session.url, ...(newHashes ? { releaseTokenHashes: newHashes } : {}), updatedAt: new Date().toISOString() }),
  );
  countMetric('BookingsHeld');
  return reply;
});
