// The organisation's profile (any member reads, the owner edits) and its integration key (owner).
import useSWR from 'swr';
import type { OrganizationProfile, OrganizationProfileUpdate } from '#shared/schemas/organization';
import { api, fetcher } from '../../../lib/api';

export const PROFILE_KEY = '/organization/profile';
export const INTEGRATION_KEY = '/organization/integration';

export interface Integration {
  apiKey: string;
  rotatedAt: string | null;
}

export const useOrganization = () => useSWR<OrganizationProfile>(PROFILE_KEY, fetcher);
export const useIntegration = (enabled: boolean) => useSWR<Integration>(enabled ? INTEGRATION_KEY : null, fetcher);

export const updateOrganization = (body: OrganizationProfileUpdate) => api.patch<OrganizationProfile>(PROFILE_KEY, body);
export const generateIntegration = () => api.post<Integration>('/organization/generate-integration');
