// The set-up wizard's calls: its progress (GET/PUT /organization/setup), and each step's save through
// the API the rest of the console uses (organisation profile, services, availability, booking
// packages, forms, members).
import useSWR from 'swr';
import type { AvailabilityView } from '#shared/bookings/types';
import type { AvailabilityInput, BookingPackageInput } from '#shared/schemas/bookings';
import type { FormInput } from '#shared/schemas/forms';
import type { MemberAdd, OrganizationProfile, OrganizationProfileUpdate } from '#shared/schemas/organization';
import type { SetupProgress, SetupState, SetupStep } from '#shared/schemas/reports';
import type { PermissionEntry } from '#shared/permissions';
import { api, fetcher } from '../../../lib/api';

export const SETUP_KEY = '/organization/setup';

export const useSetupProgress = () => useSWR<SetupProgress>(SETUP_KEY, fetcher);
export const saveSetupStep = (step: SetupStep, state: SetupState) => api.put<SetupProgress>(SETUP_KEY, { step, state });

export const useOrganizationProfile = () => useSWR<OrganizationProfile>('/organization/profile', fetcher);
export const saveOrganization = (body: OrganizationProfileUpdate) => api.patch<OrganizationProfile>('/organization/profile', body);

export const createCategory = (name: string) => api.post<{ id: string }>('/service-categories', { name });
export const findCategories = (search: string) => api.get<{ items: { id: string; name: string }[] }>(`/service-categories?search=${encodeURIComponent(search)}`);
/** The organisation's services (for the first one's length); only asked for when `enabled`. */
export const useServices = (enabled: boolean) =>
  useSWR<{ items: { id: string; durationMinutes: number; createdAt: string }[] }>(enabled ? '/services?pageSize=100' : null, fetcher, { revalidateOnFocus: false });
export const createService = (body: { categoryId: string; name: string; durationMinutes: number; priceCents: number }) => api.post<{ id: string }>('/services', { ...body, active: true });

export const useAvailabilitySettings = () => useSWR<AvailabilityView>('/bookings/availability', fetcher);
export const saveAvailability = (body: AvailabilityInput) => api.put<AvailabilityView>('/bookings/availability', body);

export const createBookingPackage = (body: BookingPackageInput) => api.post<{ id: string }>('/bookings/packages', body);
export const createForm = (body: FormInput) => api.post<{ id: string }>('/form-builder/form', body);
export const addMember = (body: Omit<MemberAdd, 'permissions'> & { permissions: PermissionEntry[] }) => api.post<{ userId: string }>('/organization/members/add', body);
