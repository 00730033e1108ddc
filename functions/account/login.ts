// Sign in. Unknown email and wrong password get the same answer (and take the same time). Besides the
// route's limit per address, each email gets a limited number of tries, so a password cannot be
// guessed from many addresses at once; known and unknown emails are limited alike.
import { credentialsSchema } from '#shared/schemas/account';
import { tooManyRequests, unauthorized } from '#lib/errors';
import { endpoint, tooManyMessage } from '#lib/http';
import { verifyPassword } from '#lib/passwords';
import { countRequest } from '../data/rate-limits';
import { findUserByEmail } from '../data/users';
import { sendCode } from './lib/codes';
import { codeSentReply, isFullyRegistered, nextStepReply, signedInReply } from './lib/auth-replies';

export const LOGIN_TRIES_PER_EMAIL = { limit: 10, windowSeconds: 15 * 60 };

export const handler = endpoint({ body: credentialsSchema }, async ({ body }) => {
  const wait = await countRequest('login-email', body.email.toLowerCase(), LOGIN_TRIES_PER_EMAIL);
  if (wait !== undefined) throw tooManyRequests(tooManyMessage(wait), wait);
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
