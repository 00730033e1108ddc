// The organisation's members, every page of them: the practitioner editor's "Linked member" choice and
// the list's "signs in as". The API lists them to members with Members read only; others are not asked.
import { useEffect } from 'react';
import { useAccess } from './roles';
import { useMembers } from '../features/members/api/members';

export function useAllMembers() {
  const canRead = useAccess()({ module: 'Members' });
  const list = useMembers('', 100, canRead);
  const { hasMore, isLoadingMore, loadMore } = list;
  useEffect(() => {
    if (hasMore && !isLoadingMore) void loadMore();
  }, [hasMore, isLoadingMore, loadMore]);
  return { ...list, canRead };
}
