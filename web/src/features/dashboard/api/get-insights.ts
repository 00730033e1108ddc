// What the dashboard shows beside its counts: this week's report figures (GET /reports without a
// period: the current week in the organisation's zone) and, for the owner, the set-up progress.
import useSWR from 'swr';
import type { Report, SetupProgress } from '#shared/schemas/reports';
import { fetcher } from '../../../lib/api';

export const useThisWeek = (enabled: boolean) =>
  useSWR<Report>(enabled ? '/reports' : null, fetcher, { onError: (error) => console.error('Could not load this week’s figures', error) });

export const useSetupProgress = (enabled: boolean) =>
  useSWR<SetupProgress>(enabled ? '/organization/setup' : null, fetcher, { onError: (error) => console.error('Could not load the set-up progress', error) });
