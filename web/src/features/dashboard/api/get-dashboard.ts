// GET /dashboard: the organisation's kept counters (only those the member may read).
import type { ReplyOf } from '#shared/api-contract';
import { useApi } from '../../../lib/swr';

/** The counters the member may read (the contract's reply schema). */
export type DashboardSummary = ReplyOf<'GET /dashboard'>;

export const DASHBOARD_KEY = '/dashboard';

export function useDashboard() {
  return useApi(DASHBOARD_KEY, {
    // Dashboard load errors are only logged (spec section 8).
    onError: (error) => console.error('Could not load the dashboard', error),
  });
}
