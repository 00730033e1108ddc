// A booking's free times on a date (GET /bookings/free-times: the same FreeDay as the public booking
// page's available-slots), for the move dialog; and the booking itself, for its package.
import type { FreeDay } from '../../public/booking/api';
import { useApi } from '../../../lib/swr';

export type { FreeDay };

/** `bookingId`: the booking being moved, whose own time counts as free (it may move onto part of it). */
export const freeTimesKey = (packageId: string, date: string, practitionerId?: string | null, bookingId?: string) =>
  `/bookings/free-times?${new URLSearchParams({ packageId, date, ...(practitionerId ? { practitionerId } : {}), ...(bookingId ? { bookingId } : {}) })}` as const;

export const useBooking = (id: string | null) => useApi(id ? `/bookings/booking/${encodeURIComponent(id)}` : null);

export const useFreeTimes = (packageId: string | undefined, date: string, practitionerId?: string | null, bookingId?: string) =>
  useApi(packageId && date ? freeTimesKey(packageId, date, practitionerId, bookingId) : null);
