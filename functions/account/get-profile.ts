// The signed-in user's profile.
import { accountGetProfileReply } from '#shared/account/schemas';
import { notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { getUser, toUserDetails } from '../data/users';

export const handler = endpoint({ reply: accountGetProfileReply }, async ({ caller }) => {
  const user = await getUser(caller.userId);
  if (!user) throw notFound('Your account was not found.');
  return { data: toUserDetails(user) };
});
