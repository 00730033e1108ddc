// POST /users/add-organization (registration token): answers with the access token and the user.
import type { NewOrganization } from '#shared/organization/schemas';
import { api } from '../../../lib/api';

export const addOrganization = (body: NewOrganization) => api.post('/users/add-organization', body, { auth: 'registration' });
