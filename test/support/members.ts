// Members for integration tests: add one through the API, accept the mailed invitation, sign in.
import { MODULES, type Module, type PermissionEntry } from '../../shared/permissions';
import { api, mailsTo, uniqueEmail, type Owner } from './api';
import { eventually } from './eventually';

/** Module entries from a short form: perms({ Members: 'rw', Notifications: 'r' }). */
export function perms(flags: Partial<Record<Module, string>> = {}): PermissionEntry[] {
  return MODULES.map((module) => {
    const f = flags[module] ?? '';
    return { module, read: f.includes('r'), write: f.includes('w'), delete: f.includes('d') };
  });
}

/** Every flag of every module. */
export const ALL = perms(Object.fromEntries(MODULES.map((m) => [m, 'rwd'])));

const INVITE_LINK = /\/auth\/accept-invite\?token=([A-Za-z0-9_%-]+)/;

/**
 * The token of the newest invitation link mailed to an address, once `count` invitations have
 * arrived (they leave through the outbox just after the change that causes them).
 */
export async function inviteTokenFor(email: string, count = 1): Promise<string> {
  return eventually(async () => {
    const tokens = (await mailsTo(email)).map((mail) => INVITE_LINK.exec(mail.body.text ?? '')?.[1]).filter((t) => t !== undefined);
    return tokens.length >= count ? decodeURIComponent(tokens.at(-1)!) : undefined;
  }, `invitation ${count} to ${email}`);
}

export interface Member {
  email: string;
  password: string;
  userId: string;
  token: string;
}

/** Adds a member as `by` (the owner or a member with Members write), accepts the invitation, signs in. */
export async function addMember(
  by: Pick<Owner, 'token'>,
  permissions: PermissionEntry[],
  options: { tag?: string; firstName?: string; lastName?: string } = {},
): Promise<Member> {
  const email = uniqueEmail(options.tag ?? 'member');
  const added = await api('POST', '/organization/members/add', {
    token: by.token,
    body: { email, firstName: options.firstName ?? 'Mona', lastName: options.lastName ?? 'Member', permissions },
  });
  if (added.status !== 201) throw new Error(`members/add: ${added.status} ${added.body.message}`);
  const password = 'Member-pass-1';
  const accepted = await api('POST', '/users/accept-invite', { body: { token: await inviteTokenFor(email), password } });
  if (accepted.status !== 201) throw new Error(`accept-invite: ${accepted.status} ${accepted.body.message}`);
  return { email, password, userId: added.body.data.userId, token: accepted.body.data.token };
}

/** The newest audit entries of the owner's organisation. */
export async function logs(owner: Pick<Owner, 'token'>, query = 'limit=100') {
  const res = await api('GET', `/logs?${query}`, { token: owner.token });
  if (res.status !== 200) throw new Error(`logs: ${res.status} ${res.body.message}`);
  return res.body.data.items as { id: string; module: string; action: string; recordType: string; recordId: string; summary: string; actorId: string; at: string; actor: { email: string; firstName?: string } | null }[];
}
