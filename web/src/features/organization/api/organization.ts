// The organisation's profile (any member reads, the owner edits) and its integration key (owner).
import type { ReplyOf } from '#shared/api-contract';
import type { OrganizationProfileUpdate } from '#shared/schemas/organization';
import { api } from '../../../lib/api';
import { useApi } from '../../../lib/swr';

export const PROFILE_KEY = '/organization/profile';
export const INTEGRATION_KEY = '/organization/integration';

// The answers' types, from the API's contract (the handlers' reply schemas).
export type OrganizationProfile = ReplyOf<'GET /organization/profile'>;
export type Integration = ReplyOf<'GET /organization/integration'>;

export const useOrganization = () => useApi(PROFILE_KEY);
export const useIntegration = (enabled: boolean) => useApi(enabled ? INTEGRATION_KEY : null);

export const updateOrganization = (body: OrganizationProfileUpdate) => api.patch(PROFILE_KEY, body);
export const generateIntegration = () => api.post('/organization/generate-integration');
