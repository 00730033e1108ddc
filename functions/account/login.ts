// Sign in. Unknown email and wrong password get the same answer (and take the same time). Besides the
// route's limit per address, failed tries are limited per email: few from one address (a guesser, or
// someone who forgot), many more from everywhere together (guessing spread over addresses), so that a
// stranger's failures cannot lock the owner out. Known and unknown emails are limited alike.
import { credentialsSchema } from '#shared/schemas/account';
import { tooManyRequests, unauthorized } from '#lib/errors';
import { clientKey, endpoint, tooManyMessage } from '#lib/http';
import { countMetric } from '#lib/log';
import { verifyPassword } from '#lib/passwords';
import { countRequest, waitIfLimited, type RateLimit } from '../data/rate-limits';
import { findUserByEmail } from '../data/users';
import { sendCode } from './lib/codes';
import { codeSentReply, isFullyRegistered, nextStepReply, signedInReply } from './lib/auth-replies';

export const FAILED_LOGINS_PER_EMAIL_AND_ADDRESS: RateLimit = { limit: 10, windowSeconds: 15 * 60 };
export const FAILED_LOGINS_PER_EMAIL: RateLimit = { limit: 100, windowSeconds: 15 * 60 };

export const handler = endpoint({ body: credentialsSchema }, async ({ body, event }) => {
  const email = body.email.toLowerCase();
  const limits: [string, string, RateLimit][] = [
    ['login-failed', `${email}#${clientKey(event)}`, FAILED_LOGINS_PER_EMAIL_AND_ADDRESS],
    ['login-failed-any', email, FAILED_LOGINS_PER_EMAIL],
  ];
  const waits = await Promise.all(limits.map(([scope, subject, limit]) => waitIfLimited(scope, subject, limit)));
  const wait = waits.find((w) => w !== undefined);
  if (wait !== undefined) throw tooManyRequests(tooManyMessage(wait), wait);
  const user = await findUserByEmail(body.email);
  const passwordOk = await verifyPassword(body.password, user?.passwordHash);
  if (!user || !passwordOk) {
    // Tries racing past the check above are still bounded by the route's limit per address.
    await Promise.all(limits.map(([scope, subject, limit]) => countRequest(scope, subject, limit)));
    countMetric('SignInsFailed');
    throw unauthorized('Invalid email or password');
  }
  if (!user.isEmailVerified) {
    await sendCode(user, 'verify-email', user.passwordHash);
    return codeSentReply();
  }
  if (!(await isFullyRegistered(user))) return nextStepReply(user, 'Please finish setting up your account.');
  return signedInReply(user);
});
