// The owner's audit log: GET /logs with filters, a page at a time ({ items, nextCursor }).
import type { AuditLogView } from '#shared/schemas/organization';
import { usePaged } from '../../../lib/paged';

export type { AuditLogView };

export interface LogFilters {
  module?: string;
  userId?: string;
  /** yyyy-mm-dd, inclusive. */
  from?: string;
  to?: string;
}


export const useLogs = (filters: LogFilters, pageSize = 25) => usePaged<AuditLogView>('/logs', { pageSize, params: { ...filters } });
