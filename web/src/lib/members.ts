// The organisation's members as several features read them: the list a page at a time (the members
// page), every page of it (the practitioner editor's "Linked member" choice and the practitioner list's
// "signs in as"), and the name a member is shown by. The API lists them to members with Members read
// only; others are not asked.
import { useEffect } from 'react';
import type { ReplyOf } from '#shared/api-contract';
import { usePaged } from './paged';
import { useAccess } from './roles';

/** A member as the list answers them (the contract's reply schema). */
export type MemberView = ReplyOf<'GET /organization/members'>['items'][number];

export const MEMBERS_KEY = '/organization/members';

/** The member list a page at a time; `search` matches part of a name or email. `enabled` false: no call. */
export const useMembers = (search: string, pageSize = 25, enabled = true) => usePaged(enabled ? MEMBERS_KEY : null, { pageSize, query: { search } });

export function useAllMembers() {
  const canRead = useAccess()({ module: 'Members' });
  const list = useMembers('', 100, canRead);
  const { hasMore, isLoadingMore, loadMore } = list;
  useEffect(() => {
    if (hasMore && !isLoadingMore) void loadMore();
  }, [hasMore, isLoadingMore, loadMore]);
  return { ...list, canRead };
}

/** The member's full name, or their email while they have none. */
export const displayName = (m: { firstName?: string; lastName?: string; email: string }) => [m.firstName, m.lastName].filter(Boolean).join(' ') || m.email;
