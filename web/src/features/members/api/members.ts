// The member calls: list (pages with a cursor, ?search=), one member, add, change permissions, remove,
// resend an invitation; and the public invitation calls of the accept page.
import useSWRInfinite from 'swr/infinite';
import type { PermissionEntry } from '#shared/permissions';
import type { ReplyOf } from '#shared/api-contract';
import type { MemberAdd } from '#shared/schemas/organization';
import { api, fetcher, type Fetched } from '../../../lib/api';
import { useApi } from '../../../lib/swr';

// The answers' types, from the API's contract (the handlers' reply schemas).
export type MemberView = ReplyOf<'GET /organization/members'>['items'][number];
/** What an invitation's page shows before the password is chosen. */
export type InviteDetails = ReplyOf<'POST /users/invite-details'>;

export const MEMBERS_KEY = '/organization/members';
type MembersPage = Fetched<typeof MEMBERS_KEY>;
export const memberKey = (id: string) => `/organization/members/${encodeURIComponent(id)}` as const;

/** The member list a page at a time; `search` matches part of a name or email. `enabled` false: no call. */
export function useMembers(search: string, pageSize = 25, enabled = true) {
  const query = (cursor?: string) => {
    const params = new URLSearchParams({ limit: String(pageSize) });
    if (search) params.set('search', search);
    if (cursor) params.set('cursor', cursor);
    return `${MEMBERS_KEY}?${params}` as const;
  };
  const pages = useSWRInfinite<MembersPage>((index, previous: MembersPage | null) => {
    if (!enabled) return null;
    if (index === 0) return query();
    return previous?.nextCursor ? query(previous.nextCursor) : null;
  }, fetcher);
  const members = (pages.data ?? []).flatMap((p) => p.items);
  const last = pages.data?.[pages.data.length - 1];
  return {
    members,
    error: pages.error as Error | undefined,
    isLoading: pages.isLoading,
    isLoadingMore: pages.isValidating && pages.size > (pages.data?.length ?? 0),
    hasMore: Boolean(last?.nextCursor),
    loadMore: () => pages.setSize(pages.size + 1),
    reload: () => pages.mutate(),
  };
}

export const useMember = (id: string | undefined) => useApi(id ? memberKey(id) : null);

export const addMember = (body: MemberAdd) => api.post('/organization/members/add', body);
export const updateMember = (userId: string, permissions: PermissionEntry[]) => api.post('/organization/members/update', { userId, permissions });
export const removeMember = (userId: string) => api.delete(memberKey(userId));
export const resendInvite = (userId: string) => api.post('/organization/members/resend-invite', { userId });

export const inviteDetails = (token: string) => api.post('/users/invite-details', { token }, { auth: 'none' });
export const acceptInvite = (token: string, password: string) => api.post('/users/accept-invite', { token, password }, { auth: 'none' });
