// POST /users/login/two-factor: the challenge token from the password step and a code.
import type { AuthData } from '#shared/api';
import { api } from '../../../lib/api';

export const loginTwoFactor = (body: { challengeToken: string; code: string }) => api.post<AuthData>('/users/login/two-factor', body, { auth: 'none' });
