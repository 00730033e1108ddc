// The booking page's confirmation after paying (issue 25): Checkout sends the patient back to the page
// with the session's id, and POST /bookings/confirmation answers what was booked, when, with whom and
// where. Used by the handler and the page, so both read the same shape.
import * as z from 'zod/mini';
import { requiredString } from '../common/schemas';
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

/** `data` of POST /bookings/confirmation. */
export const getConfirmationReply = bookingConfirmationRecord;
