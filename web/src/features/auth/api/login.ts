// POST /users/login.
import type { Credentials } from '#shared/schemas/account';
import { api } from '../../../lib/api';

export const login = (body: Credentials) => api.post('/users/login', body, { auth: 'none' });
