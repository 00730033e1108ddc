// The staff booking calls: the list (pages with a cursor, filtered), one booking, cancel.
import type { ReplyOf } from '#shared/api-contract';
import type { BookingStatus, PaymentStatus } from '#shared/bookings/schemas';
import { api } from '../../../lib/api';
import { usePaged } from '../../../lib/paged';
import { useApi } from '../../../lib/swr';

/** A booking as the API answers it (the contract's reply schema). */
export type BookingView = ReplyOf<'GET /bookings/booking/{id}'>;

export interface BookingFilters {
  from?: string;
  to?: string;
  packageId?: string;
  status?: BookingStatus | '';
  paymentStatus?: PaymentStatus | '';
  order?: 'asc' | 'desc';
}

export const BOOKINGS_KEY = '/bookings/bookings/list/all';
export const bookingKey = (id: string) => `/bookings/booking/${encodeURIComponent(id)}` as const;

/** The bookings, newest (or with order 'asc', earliest) first, a page at a time. */
export const useBookings = (filters: BookingFilters, pageSize = 25) =>
  // '' is "any" in the filter's select: no value.
  usePaged(BOOKINGS_KEY, { pageSize, query: { ...filters, status: filters.status || undefined, paymentStatus: filters.paymentStatus || undefined } });

export const useBooking = (id: string | undefined) => useApi(id ? bookingKey(id) : null);

export const cancelBooking = (id: string) => api.post(`${bookingKey(id)}/cancel`);
