// POST /users/add-basic-details (registration token).
import type { BasicDetails } from '#shared/account/schemas';
import { api } from '../../../lib/api';

export const addBasicDetails = (body: BasicDetails) => api.post('/users/add-basic-details', body, { auth: 'registration' });
