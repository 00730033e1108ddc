// The public booking page's calls (no token; the apiKey in the page's address names the clinic).
import type { BookingConfirmation } from '#shared/schemas/booking-confirmation';
import type { BookingFormInput } from '#shared/schemas/bookings';
import type { PublicPractitioner } from '#shared/schemas/practitioners';
import { api } from '../../../lib/api';

const none = { auth: 'none' as const };

export interface PublicBookingPackage {
  id: string;
  packageName: string;
  /** Dollars. */
  packagePrice: number;
  packagePriceCents: number;
  /** The price's currency (lowercase ISO code; absent from an older server: USD). */
  currency?: string;
  packageDescription: string;
  isActive: boolean;
  /** The appointment's length (docs/practitioners.md); absent from an older server. */
  durationMinutes?: number;
  /** Who offers it; empty (or absent) for a clinic-wide package. */
  practitioners?: PublicPractitioner[];
}

/** One date of the month view: how many start times are free that day. */
export interface FreeDayCount {
  date: string;
  free: number;
}

export interface AvailableDays {
  timeZone: string;
  timeZoneName: string;
  days: FreeDayCount[];
}

export interface FreeSlot {
  /** Local 'HH:mm' in the clinic's zone. */
  time: string;
  startUtc: string;
  /** e.g. '9:00 AM EST' */
  label: string;
  remaining: number;
  /** Who is free then (packages with practitioners). */
  practitionerIds?: string[];
}

export interface FreeDay {
  date: string;
  timeZone: string;
  timeZoneName: string;
  timeZoneAbbreviation: string;
  status: 'open' | 'full' | 'closed-date' | 'closed-weekday' | 'past' | 'too-far' | 'invalid';
  slotMinutes: number;
  slots: FreeSlot[];
}

/** A day of the booking page, with the clinic's name (shown at the top of the page). */
export interface BookingDay extends FreeDay {
  clinicName: string;
  /** The clinic's default language for its patients (organisation profile), when it chose one. */
  clinicLanguage?: string | null;
}

export interface BookingStarted {
  checkoutUrl: string;
  bookingId: string;
  holdExpiresAt: string;
  practitionerId?: string | null;
  practitionerName?: string | null;
}

/** Spec: data.data is the list of packages. */
export const availablePackages = (apiKey: string) => api.post<PublicBookingPackage[]>('/bookings/available-packages', { apiKey }, none);

/** `practitionerId`: 'any' or an id, for a package with practitioners only. */
export const availableSlots = (apiKey: string, date: string, packageId?: string, practitionerId?: string) =>
  api.post<BookingDay>('/bookings/available-slots', { apiKey, date, ...(packageId ? { packageId } : {}), ...(practitionerId ? { practitionerId } : {}) }, none);

/** The month view's free days: every date of `days` dates from `from`. */
export const availableDays = (apiKey: string, packageId: string, from: string, days: number, practitionerId?: string) =>
  api.post<AvailableDays>('/bookings/available-days', { apiKey, packageId, from, days, ...(practitionerId ? { practitionerId } : {}) }, none);

/** After paying: the booking of the Checkout session the patient came back with. */
export const bookingConfirmation = (apiKey: string, sessionId: string) => api.post<BookingConfirmation>('/bookings/confirmation', { apiKey, sessionId }, none);

/**
 * Spec: data.data.checkoutUrl opens in a new window. `headers`: the solved challenge (lib/challenge.tsx). The server prices the booking. A retry of the
 * same booking sends the same `idempotencyKey`, so it never holds a second place.
 */
export const createBooking = (body: BookingFormInput & { apiKey: string }, idempotencyKey?: string, headers?: Record<string, string>) =>
  api.post<BookingStarted>('/bookings/create-booking', body, { ...none, idempotencyKey, headers });
