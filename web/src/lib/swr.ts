// swr typed from the API's contract: `useApi(key)` is useSWR(key, fetcher) whose data has the type of
// the key's GET reply (shared/api-contract.ts), so no page declares what an answer holds. A null,
// undefined or false key fetches nothing; `background: true` polls without counting as the member's
// activity (lib/api.ts backgroundFetcher); `query` is the GET's query, typed by its route (QueryOf)
// and encoded by lib/api.ts (queryString): swr's key is the path with it, so a new query is a new
// entry. scripts/openapi/web-calls.ts reads it as a GET of its key.
// A cursor's pages go through usePaged(KEY) (lib/paged.ts), typed the same way by its path.
import useSWR, { type SWRConfiguration } from 'swr';
import type { PathOf } from '#shared/api-contract';
import { backgroundFetcher, fetcher, queryString, type ApiError, type Fetched, type QueryAt } from './api';

type Key = PathOf<'GET'>;
/** The data a key gives (its null / undefined / false, for "no call yet", left out). */
export type DataOf<K> = Fetched<Extract<K, string>>;

/** useApi's options: swr's, `background`, and the query of the key's route (none when it takes none). */
export type ApiConfig<K> = SWRConfiguration<DataOf<K>, ApiError> & { background?: boolean; query?: QueryAt<'GET', Extract<K, string>> };

/** swr's key for a GET and its query: what useApi caches it under (and what a prefetch fills). */
export function apiKey<K extends Key>(key: K, query?: QueryAt<'GET', K>): string {
  return `${key}${queryString(query)}`;
}

export function useApi<K extends Key | null | undefined | false>(key: K, config?: ApiConfig<K>) {
  const { background, query, ...options } = config ?? {};
  return useSWR<DataOf<K>, ApiError>(key ? apiKey(key, query as QueryAt<'GET', Key>) : null, background ? backgroundFetcher : fetcher, options);
}
