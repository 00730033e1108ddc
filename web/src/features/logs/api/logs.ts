// The owner's audit log: GET /logs with filters, a page at a time ({ items, nextCursor }).
import type { ReplyOf } from '#shared/api-contract';
import { usePaged } from '../../../lib/paged';

/** An audit entry as GET /logs lists it (the contract's reply schema). */
export type AuditLogView = ReplyOf<'GET /logs'>['items'][number];

export interface LogFilters {
  module?: string;
  userId?: string;
  /** yyyy-mm-dd, inclusive. */
  from?: string;
  to?: string;
}

export const useLogs = (filters: LogFilters, pageSize = 25) => usePaged('/logs', { pageSize, params: { ...filters } });
