// POST /users/verify-email-otp: the emailed code gives a registration token.
import type { AuthData } from '#shared/api';
import { api } from '../../../lib/api';

export const verifyEmailOtp = (body: { email: string; otp: string; password: string }) =>
  api.post<AuthData>('/users/verify-email-otp', body, { auth: 'none' });
