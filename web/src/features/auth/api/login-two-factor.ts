// POST /users/login/two-factor: the challenge token from the password step and a code.
import { api } from '../../../lib/api';

export const loginTwoFactor = (body: { challengeToken: string; code: string }) => api.post('/users/login/two-factor', body, { auth: 'none' });
