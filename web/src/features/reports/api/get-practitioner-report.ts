// GET /reports/practitioners?from&to: each practitioner's bookings, revenue and utilisation per ISO
// week in the organisation's zone (members with Bookings read; `enabled` false asks nothing).
import useSWR from 'swr';
import type { PractitionerReport } from '#shared/schemas/reports';
import { fetcher } from '../../../lib/api';

export const practitionerReportKey = (from: string, to: string) => `/reports/practitioners?from=${from}&to=${to}`;

export const usePractitionerReport = (from: string, to: string, enabled: boolean) =>
  useSWR<PractitionerReport>(enabled ? practitionerReportKey(from, to) : null, fetcher, { keepPreviousData: true });
