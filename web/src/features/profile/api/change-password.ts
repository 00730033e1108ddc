// PATCH /users/password/change.
import type { BodyOf } from '#shared/api-contract';
import { api } from '../../../lib/api';

export const changePassword = (body: BodyOf<'PATCH /users/password/change'>) => api.patch('/users/password/change', body);
