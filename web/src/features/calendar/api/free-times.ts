// A booking's free times on a date (GET /bookings/free-times: the same FreeDay as the public booking
// page's available-slots), for the move dialog; and the booking itself, for its package.
import type { ReplyOf } from '#shared/api-contract';
import { useApi } from '../../../lib/swr';

/** A date's free times (the contract's reply schema). */
export type FreeDay = ReplyOf<'GET /bookings/free-times'>;

export const useBooking = (id: string | null) => useApi(id ? `/bookings/booking/${encodeURIComponent(id)}` : null);

/** `bookingId`: the booking being moved, whose own time counts as free (it may move onto part of it). */
export const useFreeTimes = (packageId: string | undefined, date: string, practitionerId?: string | null, bookingId?: string) =>
  useApi(packageId && date ? '/bookings/free-times' : null, { query: { packageId, date, practitionerId: practitionerId ?? undefined, bookingId } });
