// The booking package calls: list (pages), one package, create, change (any fields), soft delete.
import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import type { BookingPackageView } from '#shared/bookings/types';
import type { BookingPackageInput } from '#shared/schemas/bookings';
import { api, fetcher } from '../../../lib/api';

export type { BookingPackageView };

interface PackagesPage {
  items: BookingPackageView[];
  nextCursor?: string;
}

export const PACKAGES_KEY = '/bookings/packages';
export const packageKey = (id: string) => `${PACKAGES_KEY}/${encodeURIComponent(id)}`;

export function useBookingPackages(pageSize = 50) {
  const pages = useSWRInfinite<PackagesPage>((index, previous: PackagesPage | null) => {
    if (index === 0) return `${PACKAGES_KEY}?limit=${pageSize}`;
    return previous?.nextCursor ? `${PACKAGES_KEY}?limit=${pageSize}&cursor=${encodeURIComponent(previous.nextCursor)}` : null;
  }, fetcher);
  const last = pages.data?.[pages.data.length - 1];
  return {
    packages: (pages.data ?? []).flatMap((p) => p.items),
    error: pages.error as Error | undefined,
    isLoading: pages.isLoading,
    isLoadingMore: pages.isValidating && pages.size > (pages.data?.length ?? 0),
    hasMore: Boolean(last?.nextCursor),
    loadMore: () => pages.setSize(pages.size + 1),
    reload: () => pages.mutate(),
  };
}

export const useBookingPackage = (id: string | undefined) => useSWR<BookingPackageView>(id ? packageKey(id) : null, fetcher);

export const createBookingPackage = (body: BookingPackageInput) => api.post<BookingPackageView>(PACKAGES_KEY, body);
export const updateBookingPackage = (id: string, body: Partial<BookingPackageInput>) => api.put<BookingPackageView>(packageKey(id), body);
export const deleteBookingPackage = (id: string) => api.delete<{ id: string }>(packageKey(id));
