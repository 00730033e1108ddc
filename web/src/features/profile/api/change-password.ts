// PATCH /users/password/change.
import { api } from '../../../lib/api';

export const changePassword = (body: { currentPassword: string; newPassword: string }) => api.patch('/users/password/change', body);
