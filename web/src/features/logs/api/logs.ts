// The owner's audit log: GET /logs with filters, a page at a time ({ items, nextCursor }).
import useSWRInfinite from 'swr/infinite';
import type { ReplyOf } from '#shared/api-contract';
import { fetcher, type Fetched } from '../../../lib/api';

/** An audit entry as GET /logs lists it (the contract's reply schema). */
export type AuditLogView = ReplyOf<'GET /logs'>['items'][number];

export interface LogFilters {
  module?: string;
  userId?: string;
  /** yyyy-mm-dd, inclusive. */
  from?: string;
  to?: string;
}

type LogsPage = Fetched<'/logs'>;

export function useLogs(filters: LogFilters, pageSize = 25) {
  const query = (cursor?: string) => {
    const params = new URLSearchParams({ limit: String(pageSize) });
    for (const [k, v] of Object.entries(filters)) if (v) params.set(k, v);
    if (cursor) params.set('cursor', cursor);
    return `/logs?${params}` as const;
  };
  const pages = useSWRInfinite<LogsPage>((index, previous: LogsPage | null) => (index === 0 ? query() : previous?.nextCursor ? query(previous.nextCursor) : null), fetcher);
  const last = pages.data?.[pages.data.length - 1];
  return {
    items: (pages.data ?? []).flatMap((p) => p.items),
    error: pages.error as Error | undefined,
    isLoading: pages.isLoading,
    hasMore: Boolean(last?.nextCursor),
    isLoadingMore: pages.isValidating && pages.size > (pages.data?.length ?? 0),
    loadMore: () => pages.setSize(pages.size + 1),
  };
}
