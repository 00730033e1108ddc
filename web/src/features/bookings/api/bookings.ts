// The staff booking calls: the list (pages with a cursor, filtered), one booking, cancel.
import useSWRInfinite from 'swr/infinite';
import type { ReplyOf } from '#shared/api-contract';
import type { BookingStatus, PaymentStatus } from '#shared/schemas/bookings';
import { api, fetcher, type Fetched } from '../../../lib/api';
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
type BookingsPage = Fetched<typeof BOOKINGS_KEY>;
export const bookingKey = (id: string) => `/bookings/booking/${encodeURIComponent(id)}` as const;

export function useBookings(filters: BookingFilters, pageSize = 25) {
  const query = (cursor?: string) => {
    const params = new URLSearchParams({ limit: String(pageSize) });
    for (const [k, v] of Object.entries(filters)) if (v) params.set(k, v);
    if (cursor) params.set('cursor', cursor);
    return `${BOOKINGS_KEY}?${params}` as const;
  };
  const pages = useSWRInfinite<BookingsPage>((index, previous: BookingsPage | null) => {
    if (index === 0) return query();
    return previous?.nextCursor ? query(previous.nextCursor) : null;
  }, fetcher);
  const last = pages.data?.[pages.data.length - 1];
  return {
    bookings: (pages.data ?? []).flatMap((p) => p.items),
    error: pages.error as Error | undefined,
    isLoading: pages.isLoading,
    isLoadingMore: pages.isValidating && pages.size > (pages.data?.length ?? 0),
    hasMore: Boolean(last?.nextCursor),
    loadMore: () => pages.setSize(pages.size + 1),
    reload: () => pages.mutate(),
  };
}

export const useBooking = (id: string | undefined) => useApi(id ? bookingKey(id) : null);

export const cancelBooking = (id: string) => api.post(`${bookingKey(id)}/cancel`);
