// The clinic's currency, which several console pages price in (services, booking and form packages,
// the dashboard's figures, the set-up wizard): read from the organisation's profile, the same swr entry
// as the organisation page's (features/organization), so both share one call and one cache.
import { currencyOf, type Currency } from '#shared/currency';
import { useApi } from './swr';

export const ORGANIZATION_PROFILE_KEY = '/organization/profile';

/** The clinic's currency for prices typed in the console (USD until the profile has loaded, or if it cannot). */
export function useClinicCurrency(): { currency: Currency; loading: boolean } {
  const { data, error } = useApi(ORGANIZATION_PROFILE_KEY);
  // Loading until the profile is there (not swr's isLoading: see lib/practitioners.ts).
  return { currency: currencyOf(data?.currency), loading: data === undefined && !error };
}
