// A booking's free times on a date (GET /bookings/free-times: the same FreeDay as the public booking
// page's available-slots), for the move dialog; and the booking itself, for its package.
import useSWR from 'swr';
import type { BookingView } from '#shared/bookings/types';
import { fetcher } from '../../../lib/api';
import type { FreeDay } from '../../public/booking/api';

export type { FreeDay };

export const freeTimesKey = (packageId: string, date: string, practitionerId?: string | null) =>
  `/bookings/free-times?${new URLSearchParams({ packageId, date, ...(practitionerId ? { practitionerId } : {}) })}`;

export const useBooking = (id: string | null) => useSWR<BookingView>(id ? `/bookings/booking/${encodeURIComponent(id)}` : null, fetcher);

export const useFreeTimes = (packageId: string | undefined, date: string, practitionerId?: string | null) =>
  useSWR<FreeDay>(packageId && date ? freeTimesKey(packageId, date, practitionerId) : null, fetcher);
