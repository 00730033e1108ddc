// The owner's audit log: GET /logs with filters, a page at a time ({ items, nextCursor }).
import type { QueryOf, ReplyOf } from '#shared/api-contract';
import { usePaged, type FiltersOf } from '../../../lib/paged';

/** An audit entry as GET /logs lists it (the contract's reply schema). */
export type AuditLogView = ReplyOf<'GET /logs'>['items'][number];

/** The log's filters (GET /logs's query less its paging): module, userId, from and to (yyyy-mm-dd, inclusive). */
export type LogFilters = FiltersOf<QueryOf<'GET /logs'>>;

export const useLogs = (filters: LogFilters, pageSize = 25) => usePaged('/logs', { pageSize, query: filters });
