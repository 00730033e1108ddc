// Change password, proving the current one first. In one transaction: the new hash, the end of the
// member's other sessions (this one carries on), and the mail that tells them.
import { noData } from '#shared/common/schemas';
import { changePasswordSchema } from '#shared/account/schemas';
import { badRequest, conflict, unauthorized } from '#lib/errors';
import { SESSION_ENDED } from '#http/authorise';
import { endpoint } from '#http/http';
import { hashPassword, verifyPassword } from '#lib/passwords';
import { tryTransact } from '../data/core';
import { getMembership } from '../data/members';
import { outboxMail } from '../data/outbox';
import { endOtherSessionsItems } from '../data/sessions';
import { getUser, updateProfileItem } from '../data/users';
import { passwordChangedMail } from './lib/password-mail';

export const handler = endpoint({ body: changePasswordSchema, reply: noData }, async ({ body, caller }) => {
  const [user, membership] = await Promise.all([getUser(caller.userId), getMembership(caller.orgId, caller.userId)]);
  // Removed from the organisation at this very moment: the session is over.
  if (!membership) throw unauthorized(SESSION_ENDED);
  if (!user || !(await verifyPassword(body.currentPassword, user.passwordHash))) {
    throw badRequest('Your current password is incorrect.', { currentPassword: 'Your current password is incorrect.' });
  }
  const now = new Date().toISOString();
  const changed = await tryTransact([
    updateProfileItem(user.id, { passwordHash: await hashPassword(body.newPassword), updatedAt: now }),
    ...endOtherSessionsItems(membership, { sessionId: caller.sessionId! }),
    outboxMail(`password-changed-${user.id}-${now}`, passwordChangedMail(user.email, 'changed'), caller.orgId),
  ]);
  if (!changed) throw conflict('Your account changed at the same moment. Please try again.');
  return { message: 'Your password has been changed.' };
});
