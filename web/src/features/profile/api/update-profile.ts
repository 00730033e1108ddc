// PATCH /users/profile: the personal details (answers with the saved user).
import type { BasicDetails } from '#shared/account/schemas';
import { api } from '../../../lib/api';

export const updateProfile = (body: Partial<BasicDetails>) => api.patch('/users/profile', body);
