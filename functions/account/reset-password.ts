// Reset password with the emailed code.
import { resetPasswordSchema } from '#shared/schemas/account';
import { badRequest } from '#lib/errors';
import { endpoint } from '#lib/http';
import { hashPassword } from '#lib/passwords';
import { findUserByEmail, updateUser } from '../data/users';
import { checkCode, useCode } from './lib/codes';

export const handler = endpoint({ body: resetPasswordSchema }, async ({ body }) => {
  const user = await findUserByEmail(body.email);
  if (!user?.isEmailVerified) throw badRequest('The code is incorrect or has expired. Please request a new one.');
  const record = await checkCode(user.id, 'reset-password', body.otp);
  await useCode(user.id, 'reset-password', record);
  await updateUser(user.id, { passwordHash: await hashPassword(body.password) });
  return { message: 'Your password has been changed. You can sign in now.' };
});
