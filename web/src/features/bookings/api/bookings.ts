// The staff booking calls: the list (pages with a cursor, filtered), one booking, cancel.
import useSWR from 'swr';
import type { BookingView } from '#shared/bookings/types';
import type { BookingStatus, PaymentStatus } from '#shared/schemas/bookings';
import { api, fetcher } from '../../../lib/api';
import { usePaged } from '../../../lib/paged';

export type { BookingView };

export interface BookingFilters {
  from?: string;
  to?: string;
  packageId?: string;
  status?: BookingStatus | '';
  paymentStatus?: PaymentStatus | '';
  order?: 'asc' | 'desc';
}

export const BOOKINGS_KEY = '/bookings/bookings/list/all';
export const bookingKey = (id: string) => `/bookings/booking/${encodeURIComponent(id)}`;

/** The bookings, newest (or with order 'asc', earliest) first, a page at a time. */
export const useBookings = (filters: BookingFilters, pageSize = 25) => usePaged<BookingView>(BOOKINGS_KEY, { pageSize, params: { ...filters } });

export const useBooking = (id: string | undefined) => useSWR<BookingView>(id ? bookingKey(id) : null, fetcher);

export const cancelBooking = (id: string) => api.post<BookingView>(`${bookingKey(id)}/cancel`);
