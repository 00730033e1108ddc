// Sign in. Unknown email and wrong password get the same answer (and take the same time).
import { credentialsSchema } from '#shared/schemas/account';
import { unauthorized } from '#lib/errors';
import { endpoint } from '#lib/http';
import { verifyPassword } from '#lib/passwords';
import { findUserByEmail } from '../data/users';
import { sendCode } from './lib/codes';
import { codeSentReply, isFullyRegistered, nextStepReply, signedInReply } from './lib/auth-replies';

export const handler = endpoint({ body: credentialsSchema }, async ({ body }) => {
  const user = await findUserByEmail(body.email);
  const passwordOk = await verifyPassword(body.password, user?.passwordHash);
  if (!user || !passwordOk) throw unauthorized('Invalid email or password');
  if (!user.isEmailVerified) {
    await sendCode(user, 'verify-email', user.passwordHash);
    return codeSentReply();
  }
  if (!(await isFullyRegistered(user))) return nextStepReply(user, 'Please finish setting up your account.');
  return signedInReply(user);
});
