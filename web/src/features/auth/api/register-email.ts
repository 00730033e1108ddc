// POST /users/register-email: step 1 of the combined screen (sends a code, or says which step is next).
import type { Credentials } from '#shared/account/schemas';
import { api } from '../../../lib/api';

/** `headers`: the solved challenge of the sign-up page (lib/challenge.tsx). */
export const registerEmail = (body: Credentials, headers?: Record<string, string>) => api.post('/users/register-email', body, { auth: 'none', headers });
