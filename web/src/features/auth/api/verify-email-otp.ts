// POST /users/verify-email-otp: the emailed code gives a registration token.
import type { BodyOf } from '#shared/api-contract';
import { api } from '../../../lib/api';

export const verifyEmailOtp = (body: BodyOf<'POST /users/verify-email-otp'>) =>
  api.post('/users/verify-email-otp', body, { auth: 'none' });
