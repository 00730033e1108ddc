// swr typed from the API's contract: `useApi(key)` is useSWR(key, fetcher) whose data has the type of
// the key's GET reply (shared/api-contract.ts), so no page declares what an answer holds. A null,
// undefined or false key fetches nothing; `background: true` polls without counting as the member's
// activity (lib/api.ts backgroundFetcher). scripts/openapi/web-calls.ts reads it as a GET of its key.
// A cursor's pages go through usePaged(KEY) (lib/paged.ts), typed the same way by its path.
import useSWR, { type SWRConfiguration } from 'swr';
import type { PathOf } from '#shared/api-contract';
import { backgroundFetcher, fetcher, type ApiError, type Fetched } from './api';

type Key = PathOf<'GET'>;
/** The data a key gives (its null / undefined / false, for "no call yet", left out). */
export type DataOf<K> = Fetched<Extract<K, string>>;

export function useApi<K extends Key | null | undefined | false>(key: K, config?: SWRConfiguration<DataOf<K>, ApiError> & { background?: boolean }) {
  const { background, ...options } = config ?? {};
  return useSWR<DataOf<K>, ApiError>(key || null, background ? backgroundFetcher : fetcher, options);
}
