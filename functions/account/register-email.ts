// Step 1 of sign-up: mail a 6-digit code to a new or unverified email address (the password is
// chosen here too); for an existing account with the right password, say which step comes next. A wrong password
// on an existing account answers exactly like a new sign-up, so the call never reveals who has an account.
import { credentialsSchema, registerEmailReply } from '#shared/account/schemas';
import { config } from '#lib/config';
import { isConditionFailure } from '../data/core';
import { endpoint } from '#http/http';
import { hashPassword, randomId, verifyPassword } from '#lib/passwords';
import { createUser, findUserByEmail, type User } from '../data/users';
import { sendAccountExistsNotice, sendCode } from './lib/codes';
import { codeSentReply, isFullyRegistered, nextStepReply } from '#domain/account/auth-replies';

export const handler = endpoint({ body: credentialsSchema, reply: registerEmailReply }, async ({ body }) => {
  const existing = await findUserByEmail(body.email);
  const passwordHash = await hashPassword(body.password);

  if (!existing) {
    const now = new Date().toISOString();
    const user: User = { id: randomId(), email: body.email, passwordHash, isEmailVerified: false, hasAddedBasicDetails: false, createdAt: now, updatedAt: now };
    try {
      await createUser(user);
      await sendCode(user, 'verify-email', passwordHash);
      return codeSentReply();
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      // Another request created this email a moment ago: carry on as for an existing account.
    }
  }
  const user = existing ?? (await findUserByEmail(body.email))!;

  if (!user.isEmailVerified) {
    await sendCode(user, 'verify-email', passwordHash);
    return codeSentReply();
  }
  if (!(await verifyPassword(body.password, user.passwordHash))) {
    await sendAccountExistsNotice(user, config.appUrl);
    return codeSentReply();
  }
  if (await isFullyRegistered(user)) {
    return {
      status: 200,
      message: 'You already have an account. Signing you in...',
      data: { isAlreadyRegistered: true, loginVerified: false, isEmailVerified: true, hasAddedBasicDetails: true, hasAddedOrg: true },
    };
  }
  return nextStepReply(user, 'Welcome back. Please finish setting up your account.');
});
