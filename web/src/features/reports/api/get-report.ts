// GET /reports?from&to: figures per ISO week in the organisation's zone (only the parts of the
// modules the member may read).
import useSWR from 'swr';
import type { Report } from '#shared/schemas/reports';
import { fetcher } from '../../../lib/api';

export const reportKey = (from: string, to: string) => `/reports?from=${from}&to=${to}`;

export const useReport = (from: string, to: string) => useSWR<Report>(reportKey(from, to), fetcher, { keepPreviousData: true });
