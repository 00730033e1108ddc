// POST /users/register-email: step 1 of the combined screen (sends a code, or says which step is next).
import type { AuthData } from '#shared/api';
import type { Credentials } from '#shared/schemas/account';
import { api } from '../../../lib/api';

export const registerEmail = (body: Credentials) => api.post<AuthData>('/users/register-email', body, { auth: 'none' });
