// POST /users/login/two-factor: the challenge token from the password step and a code.
import type { BodyOf } from '#shared/api-contract';
import { api } from '../../../lib/api';

export const loginTwoFactor = (body: BodyOf<'POST /users/login/two-factor'>) => api.post('/users/login/two-factor', body, { auth: 'none' });
