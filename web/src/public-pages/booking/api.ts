// The public booking page's calls (no token; the apiKey in the page's address names the clinic).
import type { BookingFormInput } from '#shared/bookings/schemas';
import type { ReplyOf } from '#shared/api-contract';
import { api } from '../../lib/api';

const none = { auth: 'none' as const };

// The answers' types come from the API's contract (the handlers' schemas; types only, nothing bundled).
export type PublicBookingPackage = ReplyOf<'POST /bookings/available-packages'>[number];
/** A day of the booking page, with the clinic's name (shown at the top of the page). */
export type BookingDay = ReplyOf<'POST /bookings/available-slots'>;
/** A date's free times (GET /bookings/free-times answers the same day without the clinic's name). */
export type FreeDay = ReplyOf<'GET /bookings/free-times'>;

/** Spec: data.data is the list of packages. */
export const availablePackages = (apiKey: string) => api.post('/bookings/available-packages', { apiKey }, none);

/** `practitionerId`: 'any' or an id, for a package with practitioners only. */
export const availableSlots = (apiKey: string, date: string, packageId?: string, practitionerId?: string) =>
  api.post('/bookings/available-slots', { apiKey, date, ...(packageId ? { packageId } : {}), ...(practitionerId ? { practitionerId } : {}) }, none);

/** The month view's free days: every date of `days` dates from `from`. */
export const availableDays = (apiKey: string, packageId: string, from: string, days: number, practitionerId?: string) =>
  api.post('/bookings/available-days', { apiKey, packageId, from, days, ...(practitionerId ? { practitionerId } : {}) }, none);

/** After paying: the booking of the Checkout session the patient came back with. */
export const bookingConfirmation = (apiKey: string, sessionId: string) => api.post('/bookings/confirmation', { apiKey, sessionId }, none);

/** Gives an unpaid hold back at once (Checkout cancelled, another time chosen), with the token its booking came with. */
export const releaseHold = (apiKey: string, bookingId: string, token: string) => api.post('/bookings/release-hold', { apiKey, bookingId, token }, none);

/**
 * Spec: data.data.checkoutUrl opens in a new window (issue 34: in the same tab, pending-hold.ts). `headers`: the solved challenge (lib/challenge.tsx). The server prices the booking. A retry of the
 * same booking sends the same `idempotencyKey`, so it never holds a second place.
 */
export const createBooking = (body: BookingFormInput & { apiKey: string; intake?: { items: { fieldId: string; value: string }[] } }, idempotencyKey?: string, headers?: Record<string, string>) =>
  api.post('/bookings/create-booking', body, { ...none, idempotencyKey, headers });
