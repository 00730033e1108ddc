// Who did it: the display name of a member, kept in logs and on assignments so lists need no joins.
import { getMembership, type Membership } from '../../data/members';

export const memberName = (m: Pick<Membership, 'firstName' | 'lastName' | 'email'>) =>
  [m.firstName, m.lastName].filter(Boolean).join(' ').trim() || m.email;

/** The name of whoever made a request (#http/authorise's Caller carries these two ids). */
export async function callerName(caller: { orgId: string; userId: string }): Promise<string> {
  const m = await getMembership(caller.orgId, caller.userId);
  return m ? memberName(m) : 'A team member';
}
