// Change password, proving the current one first.
import { changePasswordSchema } from '#shared/schemas/account';
import { badRequest } from '#lib/errors';
import { endpoint } from '#lib/http';
import { hashPassword, verifyPassword } from '#lib/passwords';
import { getUser, updateUser } from '../data/users';

export const handler = endpoint({ body: changePasswordSchema }, async ({ body, caller }) => {
  const user = await getUser(caller.userId);
  if (!user || !(await verifyPassword(body.currentPassword, user.passwordHash))) {
    throw badRequest('Your current password is incorrect.', { currentPassword: 'Your current password is incorrect.' });
  }
  await updateUser(user.id, { passwordHash: await hashPassword(body.newPassword) });
  return { message: 'Your password has been changed.' };
});
