// The booking package calls: list (pages), one package, create, change (any fields), soft delete.
import useSWRInfinite from 'swr/infinite';
import type { ReplyOf } from '#shared/api-contract';
import type { BookingPackageInput } from '#shared/schemas/bookings';
import { api, fetcher, type Fetched } from '../../../lib/api';
import { useApi } from '../../../lib/swr';

/** A booking package as the API answers it (the contract's reply schema). */
export type BookingPackageView = ReplyOf<'GET /bookings/packages/{id}'>;

export const PACKAGES_KEY = '/bookings/packages';

type PackagesPage = Fetched<typeof PACKAGES_KEY>;
export const packageKey = (id: string) => `${PACKAGES_KEY}/${encodeURIComponent(id)}` as const;

export function useBookingPackages(pageSize = 50) {
  const pages = useSWRInfinite<PackagesPage>((index, previous: PackagesPage | null) => {
    if (index === 0) return `${PACKAGES_KEY}?limit=${pageSize}` as const;
    return previous?.nextCursor ? (`${PACKAGES_KEY}?limit=${pageSize}&cursor=${encodeURIComponent(previous.nextCursor)}` as const) : null;
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

export const useBookingPackage = (id: string | undefined) => useApi(id ? packageKey(id) : null);

export const createBookingPackage = (body: BookingPackageInput) => api.post(PACKAGES_KEY, body);
export const updateBookingPackage = (id: string, body: Partial<BookingPackageInput>) => api.put(packageKey(id), body);
export const deleteBookingPackage = (id: string) => api.delete(packageKey(id));
