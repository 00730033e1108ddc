// POST /users/password/forgot mails a reset code; POST /users/password/reset sets the new password.
import { api } from '../../../lib/api';

export const forgotPassword = (body: { email: string }) => api.post('/users/password/forgot', body, { auth: 'none' });

export const resetPassword = (body: { email: string; otp: string; password: string }) =>
  api.post('/users/password/reset', body, { auth: 'none' });
