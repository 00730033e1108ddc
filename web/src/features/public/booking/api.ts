// The public booking page's calls (no token; the apiKey in the page's address names the clinic).
import type { BookingFormInput } from '#shared/schemas/bookings';
import { api } from '../../../lib/api';

const none = { auth: 'none' as const };

export interface PublicBookingPackage {
  id: string;
  packageName: string;
  /** Dollars. */
  packagePrice: number;
  packagePriceCents: number;
  packageDescription: string;
  isActive: boolean;
}

export interface FreeSlot {
  /** Local 'HH:mm' in the clinic's zone. */
  time: string;
  startUtc: string;
  /** e.g. '9:00 AM EST' */
  label: string;
  remaining: number;
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
}

export interface BookingStarted {
  checkoutUrl: string;
  bookingId: string;
  holdExpiresAt: string;
}

/** Spec: data.data is the list of packages. */
export const availablePackages = (apiKey: string) => api.post<PublicBookingPackage[]>('/bookings/available-packages', { apiKey }, none);

export const availableSlots = (apiKey: string, date: string, packageId?: string) =>
  api.post<BookingDay>('/bookings/available-slots', { apiKey, date, ...(packageId ? { packageId } : {}) }, none);

/**
 * Spec: data.data.checkoutUrl opens in a new window. The server prices the booking. A retry of the
 * same booking sends the same `idempotencyKey`, so it never holds a second place.
 */
export const createBooking = (body: BookingFormInput & { apiKey: string }, idempotencyKey?: string) =>
  api.post<BookingStarted>('/bookings/create-booking', body, { ...none, idempotencyKey });
