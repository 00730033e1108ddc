// The owner's audit log: GET /logs with filters, a page at a time ({ items, nextCursor }).
import useSWRInfinite from 'swr/infinite';
import type { AuditLogView } from '#shared/schemas/organization';
import { fetcher } from '../../../lib/api';

export type { AuditLogView };

export interface LogFilters {
  module?: string;
  userId?: string;
  /** yyyy-mm-dd, inclusive. */
  from?: string;
  to?: string;
}

interface LogsPage {
  items: AuditLogView[];
  nextCursor?: string;
}

export function useLogs(filters: LogFilters, pageSize = 25) {
  const query = (cursor?: string) => {
    const params = new URLSearchParams({ limit: String(pageSize) });
    for (const [k, v] of Object.entries(filters)) if (v) params.set(k, v);
    if (cursor) params.set('cursor', cursor);
    return `/logs?${params}`;
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
