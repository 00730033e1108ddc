// GET /dashboard: the organisation's kept counters (only those the member may read).
import useSWR from 'swr';
import { fetcher } from '../../../lib/api';

export interface DashboardSummary {
  members?: number;
  appointments?: number;
  services?: number;
  forms?: number;
  bookings?: number;
  /** Appointments assigned to the member (when the appointments module provides it). */
  myAppointments?: number;
}

export const DASHBOARD_KEY = '/dashboard';

export function useDashboard() {
  return useSWR<DashboardSummary>(DASHBOARD_KEY, fetcher, {
    // Dashboard load errors are only logged (spec section 8).
    onError: (error) => console.error('Could not load the dashboard', error),
  });
}
