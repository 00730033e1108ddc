// What the dashboard shows beside its counts: this week's report figures (GET /reports without a
// period: the current week in the organisation's zone) and, for the owner, the set-up progress.
import { useApi } from '../../../lib/swr';

export const useThisWeek = (enabled: boolean) =>
  useApi(enabled ? '/reports' : null, { onError: (error) => console.error('Could not load this week’s figures', error) });

export const useSetupProgress = (enabled: boolean) =>
  useApi(enabled ? '/organization/setup' : null, { onError: (error) => console.error('Could not load the set-up progress', error) });
