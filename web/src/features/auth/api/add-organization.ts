// POST /users/add-organization (registration token): answers with the access token and the user.
import type { AuthData } from '#shared/api';
import type { Organization } from '#shared/schemas/account';
import { api } from '../../../lib/api';

export const addOrganization = (body: Organization) => api.post<AuthData>('/users/add-organization', body, { auth: 'registration' });
