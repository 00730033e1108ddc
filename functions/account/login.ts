// Sign in. Unknown email and wrong password get the same answer (and take the same time: #lib/passwords).
// A password hash in an older scheme is replaced by today's argon2id at the first sign-in that proves it. Failed
// tries are limited per account (./lib/sign-in-limits.ts: a browser with the member's device cookie
// by that cookie instead) besides the route's limit per address. An account with two-factor sign-in
// gets a 5-minute challenge token instead of a session (POST /users/login/two-factor).
import { credentialsSchema, loginReply } from '#shared/account/schemas';
import { unauthorized } from '#lib/errors';
import { clientAddress, endpoint } from '#http/http';
import { countMetric } from '#lib/log';
import { hashPassword, needsRehash, verifyPassword } from '#lib/passwords';
import { getTwoFactor } from '../data/two-factor';
import { findUserByEmail, upgradePasswordHash } from '../data/users';
import { codeSentReply, isFullyRegistered, nextStepReply, signedInReply, twoFactorChallengeReply } from '#domain/account/auth-replies';
import { sendCode } from './lib/codes';
import { trustedDevice } from '#domain/account/devices';
import { countFailure, refuseIfLimited, signInLimits } from './lib/sign-in-limits';
import { isActive } from './lib/two-factor';

export const handler = endpoint({ body: credentialsSchema, reply: loginReply }, async ({ body, event }) => {
  const user = await findUserByEmail(body.email);
  const device = await trustedDevice(event, user?.id);
  const limits = signInLimits(body.email, event, device);
  await refuseIfLimited(limits);
  const passwordOk = await verifyPassword(body.password, user?.passwordHash);
  if (!user || !passwordOk) {
    await countFailure(limits);
    countMetric('SignInsFailed');
    throw unauthorized('Invalid email or password');
  }
  // A hash from before argon2id (or with weaker parameters) is replaced now that the password is known.
  let { passwordHash } = user;
  if (needsRehash(passwordHash)) {
    const upgraded = await hashPassword(body.password);
    if (await upgradePasswordHash(user.id, passwordHash, upgraded)) {
      passwordHash = upgraded;
      countMetric('PasswordHashesUpgraded');
    }
  }
  if (!user.isEmailVerified) {
    await sendCode(user, 'verify-email', passwordHash);
    return codeSentReply();
  }
  if (!(await isFullyRegistered(user))) return nextStepReply(user, 'Please finish setting up your account.');
  if (isActive(await getTwoFactor(user.id))) return twoFactorChallengeReply(user);
  return signedInReply(user, event, clientAddress(event), { alertNewDevice: !device });
});
