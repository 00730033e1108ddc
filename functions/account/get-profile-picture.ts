// The profile picture's key below the asset base (null when none).
import { getProfilePictureReply } from '#shared/account/schemas';
import { endpoint } from '#http/http';
import { getUser } from '../data/users';

export const handler = endpoint({ reply: getProfilePictureReply }, async ({ caller }) => {
  const user = await getUser(caller.userId);
  return { data: { profilePictureUrl: user?.profilePictureKey ?? null } };
});
