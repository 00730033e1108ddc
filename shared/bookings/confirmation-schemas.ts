// The booking page's confirmation after paying (issue 25): Checkout sends the patient back to the page
// with the session's id, and POST /bookings/confirmation answers what was booked, when, with whom and
// where. Used by the handler and the page, so both read the same shape.
import * as z from 'zod/mini';
import { pure, requiredString } from '../common/schemas';
import { bookingConfirmationRecord, confirmationStatusRecord } from './records';

export const CONFIRMATION_MESSAGES = {
  unknown: 'We could not find this booking. Please check your email for the confirmation.',
} as const;

/** POST /bookings/confirmation (public). */
export const bookingConfirmationSchema = z.object({
  apiKey: requiredString('apiKey is required'),
  // Stripe's Checkout session ids (cs_test_..., cs_live_...); anything else is no session of ours.
  sessionId: requiredString(CONFIRMATION_MESSAGES.unknown, z.regex(/^cs_[A-Za-z0-9_]{1,250}$/, CONFIRMATION_MESSAGES.unknown)),
});

/** 'pending': paid or paying, and the payment's event has not confirmed it yet. */
export type ConfirmationStatus = z.infer<typeof confirmationStatusRecord>;

export type BookingConfirmation = z.infer<typeof bookingConfirmationRecord>;

// Replies: what each operation's `data` holds (endpoint({ reply }), functions/http/http.ts).

/**
 * A series the patient booked on the booking page (issue 37.1): every visit, in time order. The
 * confirmation's own date and time are its first visit's.
 */
export const seriesConfirmationRecord = /* @__PURE__ */ pure(() => z.object({
  seriesId: z.string(),
  visits: z.array(z.object({
    date: z.string(),
    time: z.string(),
    startUtc: z.string(),
    /** 'Monday, March 9, 2026 at 9:00 AM EDT' */
    bookingTimeLabel: z.string(),
    practitionerName: z.nullable(z.string()),
    status: z.enum(['held', 'confirmed', 'cancelled', 'expired']),
  })),
  /** Paid online for the whole course (minor units of the confirmation's currency); absent when nothing was. */
  paidMinor: z.optional(z.number()),
}));
export type SeriesConfirmation = z.infer<typeof seriesConfirmationRecord>;

/** `data` of POST /bookings/confirmation: a booking's, or (after a course's Checkout) its series' with every visit. */
export const getConfirmationReply = /* @__PURE__ */ pure(() => z.extend(bookingConfirmationRecord, { series: z.optional(seriesConfirmationRecord) }));
export type ConfirmationReply = z.infer<typeof getConfirmationReply>;
