// The waitlist's requests and replies (issue 37): joining from the booking page, leaving by the link in
// every mail, an offer's page and taking it, and staff's list, settings and offers by hand.
import * as z from 'zod/mini';
import { BOOKING_MESSAGES, EMAIL_PATTERN, PHONE_PATTERN } from '../bookings/form';
import { normaliseTime, parseDate } from '../bookings/time';
import { noData, pageOf, pageQueryShape, patientLocale, pure, requiredString } from '../common/schemas';
import { publicOfferRecord, waitlistEntryRecord, waitlistOfferRecord, waitlistSettingsRecord, waitlistSummaryRecord, WAITLIST_MODES } from './records';

/** The refusals of the waitlist, as the API answers them (the booking page shows its own words for the form's). */
export const WAITLIST_MESSAGES = {
  days: 'Choose at least one day',
  hours: 'The first time must be before the second',
  until: 'Choose a date from today on',
  untilFar: 'Choose a date within 90 days',
  time: 'Times are such as 09:30',
  tooMany: 'You are already waiting for several times at this clinic. Leave one of those lists first.',
  leaveLink: 'This link is not valid. Please use the link in your latest mail.',
  offerGone: 'This offer is no longer open: the time was held for a limited while. You are still on the waitlist.',
  offerTaken: 'This time is booked already.',
  entryGone: 'This patient is no longer waiting.',
  holdMinutes: 'The window is from 5 minutes to 24 hours',
  tooSoon: 'This time begins in less than 5 minutes: too soon for the patient to read the offer and book it. Choose a later time.',
} as const;

/** How far ahead a patient may wait. */
export const WAITLIST_MAX_DAYS = 90;

const localTime = z.pipe(requiredString(WAITLIST_MESSAGES.time, z.refine((v) => normaliseTime(v) !== undefined, WAITLIST_MESSAGES.time)), z.transform((v) => normaliseTime(v)!));
const date = (message: string) => requiredString(message, z.refine((v) => parseDate(v) !== undefined, BOOKING_MESSAGES.dateFormat));

/** POST /waitlist/join (public, the booking page): who, for what, when it suits them. */
export const joinWaitlistSchema = z.object({
  apiKey: requiredString('apiKey is required'),
  packageId: requiredString(BOOKING_MESSAGES.package, z.maxLength(64, BOOKING_MESSAGES.package)),
  practitionerId: z.optional(z.string().check(z.regex(/^(any|[A-Za-z0-9_-]{1,64})$/, 'Please choose a practitioner'))),
  firstName: requiredString(BOOKING_MESSAGES.firstName, z.maxLength(50, 'Maximum 50 symbols')),
  lastName: requiredString(BOOKING_MESSAGES.lastName, z.maxLength(50, 'Maximum 50 symbols')),
  email: z.string({ error: BOOKING_MESSAGES.email }).check(z.trim(), z.toLowerCase(), z.maxLength(254, BOOKING_MESSAGES.email), z.regex(EMAIL_PATTERN, BOOKING_MESSAGES.email)),
  phoneNumber: z.string({ error: BOOKING_MESSAGES.phone }).check(z.trim(), z.regex(PHONE_PATTERN, BOOKING_MESSAGES.phone)),
  days: z.array(z.number().check(z.int(), z.minimum(1), z.maximum(7)), WAITLIST_MESSAGES.days).check(z.minLength(1, WAITLIST_MESSAGES.days), z.maxLength(7, WAITLIST_MESSAGES.days)),
  fromTime: localTime,
  toTime: localTime,
  until: date(WAITLIST_MESSAGES.until),
  locale: patientLocale,
}).check(z.refine((v) => v.fromTime < v.toTime, { message: WAITLIST_MESSAGES.hours, path: ['toTime'] }));

/** POST /waitlist/leave (public): the link in every waitlist mail. */
export const leaveWaitlistSchema = z.object({ apiKey: requiredString('apiKey is required'), entryId: requiredString(WAITLIST_MESSAGES.leaveLink), token: requiredString(WAITLIST_MESSAGES.leaveLink) });

/** POST /waitlist/offer (public): what an offer's link shows. POST /waitlist/offer/take: book it. */
export const offerLinkSchema = z.object({ apiKey: requiredString('apiKey is required'), offerId: requiredString(WAITLIST_MESSAGES.leaveLink), token: requiredString(WAITLIST_MESSAGES.leaveLink) });

/** GET /waitlist (staff): the list, those waiting first in their order, or all. */
export const waitlistQuerySchema = z.object({ ...pageQueryShape, status: z.optional(z.enum(['waiting', 'all'])) });

/** PUT /waitlist/settings (staff). */
export const waitlistSettingsSchema = z.object({
  mode: z.enum(WAITLIST_MODES, 'Choose how times are offered'),
  holdMinutes: z.number(WAITLIST_MESSAGES.holdMinutes).check(z.int(WAITLIST_MESSAGES.holdMinutes), z.minimum(5, WAITLIST_MESSAGES.holdMinutes), z.maximum(1440, WAITLIST_MESSAGES.holdMinutes)),
});

/** POST /waitlist/entries/{id}/offer (staff): offer this patient a time by hand (held for the window). */
export const staffOfferSchema = z.object({
  bookingDate: date(BOOKING_MESSAGES.date),
  bookingTime: z.pipe(requiredString(BOOKING_MESSAGES.time, z.refine((v) => normaliseTime(v) !== undefined, BOOKING_MESSAGES.timeFormat)), z.transform((v) => normaliseTime(v)!)),
});

// Replies.

/** `data` of POST /waitlist/join. */
export const joinWaitlistReply = /* @__PURE__ */ pure(() => z.object({ entryId: z.string(), until: z.string() }));
/** `data` of POST /waitlist/leave. */
export const leaveWaitlistReply = noData;
/** `data` of POST /waitlist/offer. */
export const getOfferReply = publicOfferRecord;
/**
 * `data` of POST /waitlist/offer/take: 'held' with where to pay (or save the card) for the held time,
 * or 'confirmed' at once for a package paid at the clinic (`manageUrl` on the click that confirmed it).
 */
export const takeOfferReply = /* @__PURE__ */ pure(() =>
  z.object({ status: z.enum(['held', 'confirmed']), checkoutUrl: z.nullable(z.string()), bookingId: z.string(), manageUrl: z.optional(z.string()) }),
);
/** `data` of GET /waitlist. */
export const listWaitlistReply = /* @__PURE__ */ pure(() => pageOf(waitlistEntryRecord));
/** `data` of GET /waitlist/offers: the latest offers, newest first. */
export const listOffersReply = /* @__PURE__ */ pure(() => pageOf(waitlistOfferRecord));
/** `data` of GET /waitlist/summary. */
export const waitlistSummaryReply = waitlistSummaryRecord;
/** `data` of PUT /waitlist/settings. */
export const updateWaitlistSettingsReply = waitlistSettingsRecord;
/** `data` of POST /waitlist/entries/{id}/offer. */
export const staffOfferReply = waitlistOfferRecord;
