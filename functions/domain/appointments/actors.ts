// Who did it: the display name of a member, kept in logs and on assignments so lists need no joins.
import type { Caller } from '#http/authorise';
import { getMembership, type Membership } from '../../data/members';

export const memberName = (m: Pick<Membership, 'firstName' | 'lastName' | 'email'>) =>
  [m.firstName, m.lastName].filter(Boolean).join(' ').trim() || m.email;

export async function callerName(caller: Caller): Promise<string> {
  const m = await getMembership(caller.orgId, caller.userId);
  return m ? memberName(m) : 'A team member';
}
