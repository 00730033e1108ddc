// POST /users/login.
import type { AuthData } from '#shared/api';
import type { Credentials } from '#shared/schemas/account';
import { api } from '../../../lib/api';

export const login = (body: Credentials) => api.post<AuthData>('/users/login', body, { auth: 'none' });
