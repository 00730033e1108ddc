// POST /users/password/forgot mails a reset code; POST /users/password/reset sets the new password.
import type { BodyOf } from '#shared/api-contract';
import { api } from '../../../lib/api';

export const forgotPassword = (body: BodyOf<'POST /users/password/forgot'>) => api.post('/users/password/forgot', body, { auth: 'none' });

export const resetPassword = (body: BodyOf<'POST /users/password/reset'>) =>
  api.post('/users/password/reset', body, { auth: 'none' });
