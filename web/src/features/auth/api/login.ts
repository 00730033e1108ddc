// POST /users/login.
import type { Credentials } from '#shared/account/schemas';
import { api } from '../../../lib/api';

export const login = (body: Credentials) => api.post('/users/login', body, { auth: 'none' });
