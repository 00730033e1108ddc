// The booking package calls: list (pages), one package, create, change (any fields), soft delete.
import type { ReplyOf } from '#shared/api-contract';
import type { BookingPackageInput } from '#shared/bookings/schemas';
import { api } from './api';
import { usePaged } from './paged';
import { useApi } from './swr';

/** A booking package as the API answers it (the contract's reply schema). */
export type BookingPackageView = ReplyOf<'GET /bookings/packages/{id}'>;

export const PACKAGES_KEY = '/bookings/packages';

export const packageKey = (id: string) => `${PACKAGES_KEY}/${encodeURIComponent(id)}` as const;

export const useBookingPackages = (pageSize = 50) => usePaged(PACKAGES_KEY, { pageSize });

export const useBookingPackage = (id: string | undefined) => useApi(id ? packageKey(id) : null);

export const createBookingPackage = (body: BookingPackageInput) => api.post(PACKAGES_KEY, body);
export const updateBookingPackage = (id: string, body: Partial<BookingPackageInput>) => api.put(packageKey(id), body);
export const deleteBookingPackage = (id: string) => api.delete(packageKey(id));
