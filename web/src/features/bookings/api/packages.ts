// The booking package calls: list (pages), one package, create, change (any fields), soft delete.
import useSWR from 'swr';
import type { BookingPackageView } from '#shared/bookings/types';
import type { BookingPackageInput } from '#shared/schemas/bookings';
import { api, fetcher } from '../../../lib/api';
import { usePaged } from '../../../lib/paged';

export type { BookingPackageView };

export const PACKAGES_KEY = '/bookings/packages';
export const packageKey = (id: string) => `${PACKAGES_KEY}/${encodeURIComponent(id)}`;

export const useBookingPackages = (pageSize = 50) => usePaged<BookingPackageView>(PACKAGES_KEY, { pageSize });

export const useBookingPackage = (id: string | undefined) => useSWR<BookingPackageView>(id ? packageKey(id) : null, fetcher);

export const createBookingPackage = (body: BookingPackageInput) => api.post<BookingPackageView>(PACKAGES_KEY, body);
export const updateBookingPackage = (id: string, body: Partial<BookingPackageInput>) => api.put<BookingPackageView>(packageKey(id), body);
export const deleteBookingPackage = (id: string) => api.delete<{ id: string }>(packageKey(id));
