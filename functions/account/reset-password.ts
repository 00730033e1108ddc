// Reset password with the emailed code. In one transaction: the new hash, the end of every session
// of the member (a reset is what one does after losing a device or a password), and the mail.
import { noData } from '#shared/common/schemas';
import { resetPasswordSchema } from '#shared/account/schemas';
import { badRequest, conflict } from '#lib/errors';
import { endpoint } from '#http/http';
import { hashPassword } from '#lib/passwords';
import { tryTransact } from '../data/core';
import { getMembership } from '../data/members';
import { outboxMail } from '../data/outbox';
import { endOtherSessionsItems } from '../data/sessions';
import { findUserByEmail, updateProfileItem } from '../data/users';
import { checkCode, useCode } from './lib/codes';
import { passwordChangedMail } from './lib/password-mail';

export const handler = endpoint({ body: resetPasswordSchema, reply: noData }, async ({ body }) => {
  const user = await findUserByEmail(body.email);
  if (!user?.isEmailVerified) throw badRequest('The code is incorrect or has expired. Please request a new one.');
  const record = await checkCode(user.id, 'reset-password', body.otp);
  await useCode(user.id, 'reset-password', record);
  const membership = user.orgId ? await getMembership(user.orgId, user.id) : undefined;
  const now = new Date().toISOString();
  const reset = await tryTransact([
    updateProfileItem(user.id, { passwordHash: await hashPassword(body.password), updatedAt: now }),
    ...(membership ? endOtherSessionsItems(membership) : []),
    outboxMail(`password-reset-${user.id}-${now}`, passwordChangedMail(user.email, 'reset'), membership?.orgId),
  ]);
  if (!reset) throw conflict('Your account changed at the same moment. Please request a new code.');
  return { message: 'Your password has been changed. You can sign in now.' };
});
