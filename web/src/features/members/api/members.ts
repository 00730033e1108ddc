// The member calls: one member, add, change permissions, remove, resend an invitation; and the public
// invitation calls of the accept page. The list (pages with a cursor, ?search=) is in lib/members.ts.
import type { PermissionEntry } from '#shared/permissions';
import type { ReplyOf } from '#shared/api-contract';
import type { MemberAdd } from '#shared/organization/schemas';
import { api } from '../../../lib/api';
import { useApi } from '../../../lib/swr';

// The answers' types, from the API's contract (the handlers' reply schemas).
/** What an invitation's page shows before the password is chosen. */
export type InviteDetails = ReplyOf<'POST /users/invite-details'>;

export const memberKey = (id: string) => `/organization/members/${encodeURIComponent(id)}` as const;

export const useMember = (id: string | undefined) => useApi(id ? memberKey(id) : null);

export const addMember = (body: MemberAdd) => api.post('/organization/members/add', body);
export const updateMember = (userId: string, permissions: PermissionEntry[]) => api.post('/organization/members/update', { userId, permissions });
export const removeMember = (userId: string) => api.delete(memberKey(userId));
export const resendInvite = (userId: string) => api.post('/organization/members/resend-invite', { userId });

export const inviteDetails = (token: string) => api.post('/users/invite-details', { token }, { auth: 'none' });
export const acceptInvite = (token: string, password: string) => api.post('/users/accept-invite', { token, password }, { auth: 'none' });
