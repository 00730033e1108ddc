// The set-up wizard's calls: its progress (GET/PUT /organization/setup), and each step's save through
// the API the rest of the console uses (organisation profile, services, availability, booking
// packages, forms, members).
import type { BodyOf, ReplyOf } from '#shared/api-contract';
import type { AvailabilityInput, BookingPackageInput } from '#shared/bookings/schemas';
import type { FormInput } from '#shared/forms/schemas';
import type { MemberAdd, OrganizationProfileUpdate } from '#shared/organization/schemas';
import type { SetupState, SetupStep } from '#shared/reports/schemas';
import type { PermissionEntry } from '#shared/permissions';
import { api } from '../../../lib/api';
import { useApi } from '../../../lib/swr';

/** Each step's state and when the wizard was finished (the contract's reply schema). */
export type SetupProgress = ReplyOf<'GET /organization/setup'>;

export const SETUP_KEY = '/organization/setup';

export const useSetupProgress = () => useApi(SETUP_KEY);
export const saveSetupStep = (step: SetupStep, state: SetupState) => api.put(SETUP_KEY, { step, state });

export const useOrganizationProfile = () => useApi('/organization/profile');
export const saveOrganization = (body: OrganizationProfileUpdate) => api.patch('/organization/profile', body);

export const createCategory = (name: string) => api.post('/service-categories', { name });
export const findCategories = (search: string) => api.get('/service-categories', { query: { search } });
/** The organisation's services (for the first one's length); only asked for when `enabled`. */
export const useServices = (enabled: boolean) =>
  useApi(enabled ? '/services' : null, { query: { pageSize: 100 }, revalidateOnFocus: false });
/** `priceMinor`: minor units of the clinic's currency. */
export const createService = (body: Omit<BodyOf<'POST /services'>, 'active'>) => api.post('/services', { ...body, active: true });

export const useAvailabilitySettings = () => useApi('/bookings/availability');
export const saveAvailability = (body: AvailabilityInput) => api.put('/bookings/availability', body);

/** The newest packages, for the end's check that the booking page has something to book (an active one). */
export const useBookablePackages = () => useApi('/bookings/packages', { query: { limit: 100 } });
export const createBookingPackage = (body: BookingPackageInput) => api.post('/bookings/packages', body);
export const createForm = (body: FormInput) => api.post('/form-builder/form', body);
export const addMember = (body: Omit<MemberAdd, 'permissions'> & { permissions: PermissionEntry[] }) => api.post('/organization/members/add', body);
