// POST /users/verify-email-otp: the emailed code gives a registration token.
import { api } from '../../../lib/api';

export const verifyEmailOtp = (body: { email: string; otp: string; password: string }) =>
  api.post('/users/verify-email-otp', body, { auth: 'none' });
