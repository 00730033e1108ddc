// POST /bookings/create-booking, its first step: the visitor's choice checked and priced. The booking
// page (its API key), the package (active, not deleted) and the time (offered, not past, not closed, in
// the clinic's zone; of the chosen practitioner or anyone's for a practitioner package) are the
// clinic's own; the price and currency are the package's, never the request's.
import * as z from 'zod/mini';
import { paymentPolicyOf } from '#shared/bookings/payment-policy';
import { findSlot, type AvailabilityRules } from '#shared/bookings/slots';
import { config } from '#lib/config';
import { isSitePath } from '#shared/redirect-url';
import { isHttpUrl, type bookingRequestSchema } from '#shared/bookings/schemas';
import type { Locale } from '#shared/i18n/locales';
import { badRequest, notFound } from '#lib/errors';
import { getAvailability, rulesOf } from '../../data/availability';
import { getBookingPackage, type BookingPackageRecord } from '../../data/booking-packages';
import type { BookingRecord } from '../../data/bookings';
import { findOrgIdByApiKey, getOrganization, type Organization } from '../../data/organizations';
import { chooseTime, type Candidate, type ChosenTime } from '#domain/practitioners/choose-practitioner';
import { HOLD_MINUTES } from '#domain/bookings/hold-limits';
import { heldBookingRecord } from '#domain/bookings/held-booking';
import { SLOT_REFUSALS } from '#domain/bookings/refusals';
import { releaseTokenHash } from './release-token';
import { PACKAGE_UNAVAILABLE, UNKNOWN_BOOKING_PAGE, bookingPageUrl } from '#domain/bookings/views';

export type BookingRequest = z.infer<typeof bookingRequestSchema>;

/** What the visitor chose, checked: the clinic, its package and rules, and the time to hold. */
export interface BookingChoice {
  org: Organization;
  pkg: BookingPackageRecord;
  rules: AvailabilityRules;
  /** A practitioner package's time and candidates; undefined on the clinic-wide schedule. */
  chosen: ChosenTime | undefined;
  slot: { time: string; startUtc: string; endUtc: string };
  /** The patient's language: their page's, else the clinic's default (mails, Checkout, the way back, reminders). */
  locale: Locale | undefined;
}

/**
 * The request's page, package and time, refused with the page's 404 or a field's 400 when one is not
 * the clinic's to book. `ownId` is the first try's booking id: a retry with the same key finds that
 * booking's time its own (lib/choose-practitioner.ts).
 */
export async function checkChoice(body: BookingRequest, now: Date, ownId: string): Promise<BookingChoice> {
  const orgId = await findOrgIdByApiKey(body.apiKey);
  const org = orgId ? await getOrganization(orgId) : undefined;
  if (!org) throw notFound(UNKNOWN_BOOKING_PAGE);

  const pkg = await getBookingPackage(org.id, body.packageId, true);
  if (!pkg || !pkg.isActive || pkg.deletedAt) throw badRequest(PACKAGE_UNAVAILABLE, { packageId: PACKAGE_UNAVAILABLE });

  const rules = rulesOf(await getAvailability(org.id), org.timeZone);
  // A package offered by practitioners: the time must be a free start of the one chosen, or of anyone
  // (then the candidates in the fair order of lib/choose-practitioner.ts); else the clinic-wide slot.
  const chosen = await chooseTime(org, pkg, rules, body, now, ownId);
  const found: ReturnType<typeof findSlot> = chosen ? { slot: chosen.slot } : findSlot(rules, body.bookingDate, body.bookingTime, now);
  if ('refusal' in found) {
    const [field, message] = SLOT_REFUSALS[found.refusal];
    throw badRequest(message, { [field]: message });
  }
  return { org, pkg, rules, chosen, slot: found.slot, locale: body.locale ?? org.defaultLanguage };
}

/**
 * The package's page after paying: its redirection URL as is (an address of the clinic's own site,
 * checked again in case it was stored before the rule), a path of this site on this site's origin, or
 * else the booking page's own success page.
 */
export function successUrlOf(apiKey: string, redirectionUrl: string | null | undefined, locale: Locale | undefined): string {
  if (redirectionUrl && isHttpUrl(redirectionUrl)) return redirectionUrl;
  if (redirectionUrl && isSitePath(redirectionUrl)) return `${config.appUrl}${redirectionUrl}`;
  return bookingPageUrl(apiKey, 'success', { locale });
}

/** The held booking of this choice: with `candidate` for a practitioner package, priced by the package. */
export function heldBooking(choice: BookingChoice, body: BookingRequest, now: Date, id: string, releaseToken: string, candidate?: Candidate): BookingRecord {
  const { org, pkg, rules, chosen, slot, locale } = choice;
  return {
    ...heldBookingRecord({
      id, orgId: org.id, locale, pkg, patient: body, slot: { ...slot, date: body.bookingDate }, timeZone: rules.timeZone,
      durationMinutes: chosen ? chosen.timing.durationMinutes : rules.slotMinutes,
      practitioner: candidate && chosen ? { id: candidate.id, name: candidate.name, bufferBeforeMinutes: chosen.timing.bufferBeforeMinutes, bufferAfterMinutes: chosen.timing.bufferAfterMinutes } : undefined,
      holdMinutes: HOLD_MINUTES, now,
    }),
    releaseTokenHashes: [releaseTokenHash(releaseToken)],
    // What the patient agrees to now (the package may change later; the booking keeps this).
    paymentPolicy: paymentPolicyOf(pkg),
    savedCard: null,
  };
}
