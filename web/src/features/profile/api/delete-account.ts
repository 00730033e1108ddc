// DELETE /users: deletes the signed-in member's account.
import { api } from '../../../lib/api';

export const deleteAccount = () => api.delete('/users');
