// Edit the signed-in user's personal details; the membership keeps a copy of the name for member lists.
import { profileUpdateSchema, accountUpdateProfileReply } from '#shared/account/schemas';
import { notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { saveOwnProfile } from '../data/members';
import { getUser, toUserDetails } from '../data/users';

export const handler = endpoint({ body: profileUpdateSchema, reply: accountUpdateProfileReply }, async ({ body, caller }) => {
  if (!(await saveOwnProfile(caller.userId, caller.orgId, body))) throw notFound('Your account was not found.');
  return { message: 'Your profile is saved.', data: toUserDetails((await getUser(caller.userId))!) };
});
