// The organisation's profile (any member reads, the owner edits) and its integration key (owner).
import type { ReplyOf } from '#shared/api-contract';
import type { OrganizationProfileUpdate } from '#shared/organization/schemas';
import { api } from '../../../lib/api';
import { ORGANIZATION_PROFILE_KEY } from '../../../lib/clinic-currency';
import { useApi } from '../../../lib/swr';

export const PROFILE_KEY = ORGANIZATION_PROFILE_KEY;
export const INTEGRATION_KEY = '/organization/integration';

// The answers' types, from the API's contract (the handlers' reply schemas).
export type OrganizationProfile = ReplyOf<'GET /organization/profile'>;
export type Integration = ReplyOf<'GET /organization/integration'>;

export const useOrganization = () => useApi(PROFILE_KEY);
export const useIntegration = (enabled: boolean) => useApi(enabled ? INTEGRATION_KEY : null);

export const updateOrganization = (body: OrganizationProfileUpdate) => api.patch(PROFILE_KEY, body);
export const generateIntegration = () => api.post('/organization/generate-integration');

/** POST /organization/logo (multipart, field `file`): the logo of the clinic's mails; answers with the profile. */
export function uploadLogo(file: File) {
  const form = new FormData();
  form.append('file', file);
  return api.post('/organization/logo', undefined, { form });
}

export const removeLogo = () => api.delete('/organization/logo');
