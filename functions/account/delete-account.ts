// Delete the signed-in user's account. An owner can do so only when nobody else is in the
// organisation; the organisation then goes whole with the account: every item and file of it
// (data/tenant-deletion.ts). A large organisation may take more than one request: the owner's
// account stays until the end, so pressing delete again continues where the last run stopped.
import { noData } from '#shared/common/schemas';
import { HttpError, conflict, notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { deleteUpload } from '#lib/storage';
import { getCounters, getOrganization } from '../data/organizations';
import { deleteMemberAccount, deleteOrganization } from '../data/tenant-deletion';
import { getUser } from '../data/users';

/** How long one request deletes before it answers (well inside its deadline). */
const DELETION_BUDGET_MS = 6_000;

export const handler = endpoint({ reply: noData }, async ({ caller }) => {
  const started = Date.now();
  const user = await getUser(caller.userId);
  if (!user) throw notFound('Your account was not found.');
  if (!caller.isOwner) {
    await deleteMemberAccount(user, caller.orgId);
    if (user.profilePictureKey) await deleteUpload(user.profilePictureKey).catch(() => undefined);
    return { message: 'Your account has been deleted.' };
  }
  const [counters, org] = await Promise.all([getCounters(caller.orgId), getOrganization(caller.orgId)]);
  if (counters.members > 1) throw conflict('Remove the other members of your organisation before deleting your account.');
  const finished = await deleteOrganization({ orgId: caller.orgId, apiKey: org?.apiKey, owner: user, until: started + DELETION_BUDGET_MS });
  if (!finished) throw new HttpError(503, 'Your organisation is still being deleted. Please try again in a moment to finish.', undefined, { 'Retry-After': '1' });
  return { message: 'Your account has been deleted.' };
});
