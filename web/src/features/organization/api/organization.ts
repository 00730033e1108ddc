// The organisation's profile (any member reads, the owner edits) and its integration key (owner).
import useSWR from 'swr';
import { currencyOf, type Currency } from '#shared/currency';
import type { OrganizationProfile, OrganizationProfileUpdate } from '#shared/schemas/organization';
import { api, fetcher } from '../../../lib/api';

export const PROFILE_KEY = '/organization/profile';
export const INTEGRATION_KEY = '/organization/integration';

export interface Integration {
  apiKey: string;
  rotatedAt: string | null;
}

export const useOrganization = () => useSWR<OrganizationProfile>(PROFILE_KEY, fetcher);
/** The clinic's currency for prices typed in the console (USD until the profile has loaded, or if it cannot). */
export function useClinicCurrency(): { currency: Currency; loading: boolean } {
  const { data, error, isLoading } = useOrganization();
  return { currency: currencyOf(data?.currency), loading: isLoading && !error };
}
export const useIntegration = (enabled: boolean) => useSWR<Integration>(enabled ? INTEGRATION_KEY : null, fetcher);

export const updateOrganization = (body: OrganizationProfileUpdate) => api.patch<OrganizationProfile>(PROFILE_KEY, body);
export const generateIntegration = () => api.post<Integration>('/organization/generate-integration');

/** POST /organization/logo (multipart, field `file`): the logo of the clinic's mails; answers with the profile. */
export function uploadLogo(file: File) {
  const form = new FormData();
  form.append('file', file);
  return api.post<OrganizationProfile>('/organization/logo', undefined, { form });
}

export const removeLogo = () => api.delete<OrganizationProfile>('/organization/logo');
