// Step 2 of sign-up: the emailed code verifies the address and gives a registration token.
import { verifyEmailSchema, verifyEmailOtpReply } from '#shared/account/schemas';
import { badRequest } from '#lib/errors';
import { endpoint } from '#http/http';
import { verifyPassword } from '#lib/passwords';
import { findUserByEmail, updateUser } from '../data/users';
import { checkCode, useCode } from './lib/codes';
import { nextStepReply } from '#domain/account/auth-replies';

const INVALID = 'The code is incorrect or has expired. Please request a new one.';

export const handler = endpoint({ body: verifyEmailSchema, reply: verifyEmailOtpReply }, async ({ body }) => {
  const user = await findUserByEmail(body.email);
  if (!user || user.isEmailVerified) throw badRequest(INVALID);
  const record = await checkCode(user.id, 'verify-email', body.otp);
  // The password typed with this sign-up must be the one the code was sent for.
  if (body.password !== undefined && record.pendingPasswordHash && !(await verifyPassword(body.password, record.pendingPasswordHash))) {
    throw badRequest('The password does not match the one you signed up with. Please start again.');
  }
  await useCode(user.id, 'verify-email', record);
  const verified = await updateUser(user.id, { isEmailVerified: true, passwordHash: record.pendingPasswordHash ?? user.passwordHash });
  return nextStepReply(verified, 'Your email is verified.');
});
