// The member calls: list (pages with a cursor, ?search=), one member, add, change permissions, remove,
// resend an invitation; and the public invitation calls of the accept page.
import useSWR from 'swr';
import type { AuthData } from '#shared/api';
import type { PermissionEntry } from '#shared/permissions';
import type { InviteDetails, MemberAdd, MemberView } from '#shared/schemas/organization';
import { api, fetcher } from '../../../lib/api';
import { usePaged } from '../../../lib/paged';

export type { MemberView };


export const MEMBERS_KEY = '/organization/members';
export const memberKey = (id: string) => `/organization/members/${encodeURIComponent(id)}`;

/** The member list a page at a time; `search` matches part of a name or email. `enabled` false: no call. */
export const useMembers = (search: string, pageSize = 25, enabled = true) => usePaged<MemberView>(enabled ? MEMBERS_KEY : null, { pageSize, params: { search } });

export const useMember = (id: string | undefined) => useSWR<MemberView>(id ? memberKey(id) : null, fetcher);

export const addMember = (body: MemberAdd) => api.post<MemberView>('/organization/members/add', body);
export const updateMember = (userId: string, permissions: PermissionEntry[]) => api.post<MemberView>('/organization/members/update', { userId, permissions });
export const removeMember = (userId: string) => api.delete(memberKey(userId));
export const resendInvite = (userId: string) => api.post('/organization/members/resend-invite', { userId });

export const inviteDetails = (token: string) => api.post<InviteDetails>('/users/invite-details', { token }, { auth: 'none' });
export const acceptInvite = (token: string, password: string) => api.post<AuthData>('/users/accept-invite', { token, password }, { auth: 'none' });
