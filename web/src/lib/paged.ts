// The one hook for the console's cursor-paged lists (GET ...?limit=&cursor= answering
// { items, nextCursor }). A list shows either every page loaded so far ("Load more": `items`) or one
// page at a time (Previous/Next: `page`); both ride on swr's useSWRInfinite, so going back shows a
// page already fetched and a new query (a filter, a search) starts again at page 1. Typed from the API's
// contract (shared/api-contract.ts): the base path's GET reply is the page, its `items` (or the array
// itself) the item type, so no list declares what an answer holds; its filters (`query`) are the GET's
// query (QueryOf its route) less the paging values this hook sets, and are encoded by lib/api.ts.
import useSWRInfinite from 'swr/infinite';
import type { PathOf } from '#shared/api-contract';
import { useRef, useState } from 'react';
import { fetcher, queryString, type Fetched, type QueryAt } from './api';
import { getToken } from './session';

export interface Page<T> {
  items: T[];
  nextCursor?: string;
}

/** The query values the hook sets itself (the page size, the page number, the cursor). */
type PagingKey = 'limit' | 'pageSize' | 'pageNumber' | 'cursor' | 'before';

/** A list's filters: its route's query (Q: QueryOf) without the paging values. */
export type FiltersOf<Q> = [Q] extends [never] ? never : Omit<Q, PagingKey>;

export interface PagedOptions<Q = never, T = unknown, R = Page<T>> {
  /** Items a page (default 25); null sends none (the endpoint's own). */
  pageSize?: number | null;
  /** The name the endpoint gives the page size (default 'limit'): one its query has. */
  sizeParam?: Extract<keyof Q, 'limit' | 'pageSize'>;
  /** Filters and search, typed by the route's query; any change starts again at page 1. */
  query?: FiltersOf<Q>;
  /** Also send pageNumber (1-based): GET /appointments counts its total with it. */
  numbered?: 'pageNumber' extends keyof Q ? boolean : never;
  /** Keep showing the last list while a new query loads (search as you type). */
  keepPreviousData?: boolean;
  /** The name of the cursor in the query (default 'cursor'): one its query has. */
  cursorParam?: Extract<keyof Q, 'cursor' | 'before'>;
  /** A reply that is not { items, nextCursor } (GET /notifications answers an array). */
  toPage?: (reply: R) => Page<T>;
}

/** The item type of a page's reply: its `items`' element, or the element of a reply that is an array. */
export type ItemOf<R> = R extends { items: (infer I)[] } ? I : R extends readonly (infer I)[] ? I : never;

interface PageQuery {
  pageSize?: number | null;
  sizeParam?: string;
  numbered?: boolean;
  cursorParam?: string;
  query?: object;
}

/**
 * The query of one page: the size, the page number, the cursor, then the filters (which cannot change
 * those three). Encoded by the client (lib/api.ts queryString).
 */
export function pageQuery(options: PageQuery, cursor?: string, pageNumber?: number): Record<string, unknown> {
  const paging = {
    [options.sizeParam ?? 'limit']: options.pageSize === null ? undefined : (options.pageSize ?? 25),
    pageNumber: options.numbered ? pageNumber : undefined,
    [options.cursorParam ?? 'cursor']: cursor,
  };
  return { ...paging, ...options.query, ...paging };
}

/**
 * swr's key of a list's first page (what usePaged asks for first): app/routes.tsx prefetches it
 * beside the page's code.
 */
export function firstPageKey<K extends PathOf<'GET'>>(base: K, options: Pick<PagedOptions<QueryAt<'GET', K>>, 'pageSize' | 'sizeParam' | 'numbered' | 'cursorParam' | 'query'> = {}): string {
  return `${base}${queryString(pageQuery(options, undefined, 1))}`;
}

/** How long a first page fetched at start (app/start-early.ts) stays good for the list's first render. */
const EARLY_FOR_MS = 10_000;

interface Early {
  key: string;
  answer: Promise<unknown>;
  /** Set once it has arrived. */
  arrived?: { reply: unknown };
  token: string | undefined;
  at: number;
}

const early = new Map<string, Early>();

/**
 * A list's first page asked for before the console renders (lib/auth.tsx prefetchSignedIn). The list's
 * hook takes it as it mounts: arrived, the page's first render (React's sliced one) has its rows,
 * instead of a placeholder and then a second render of every row in one long task; still on its way,
 * the hook waits for it instead of asking again. For that first mount only, and for the session that
 * asked. Resolves when it has arrived (or failed).
 */
export function fetchFirstPageEarly(key: string, answer: Promise<unknown>): Promise<void> {
  const entry: Early = { key, answer, token: getToken(), at: Date.now() };
  early.set(key, entry);
  return answer.then(
    (reply) => void (entry.arrived = { reply }),
    () => undefined,
  );
}

function takeEarly(key: string | null): Early | undefined {
  const found = key === null ? undefined : early.get(key);
  if (!found) return undefined;
  early.delete(found.key);
  return found.token === getToken() && Date.now() - found.at < EARLY_FOR_MS ? found : undefined;
}

export interface Paged<T, R = Page<T>> {
  /** Every page loaded so far, in order ("Load more" lists). */
  items: T[];
  /** The page shown one at a time (Previous/Next lists): the last one asked for, or the one before while it loads. */
  page: T[];
  /** That page's whole reply (e.g. a total). */
  reply: R | undefined;
  /** 1-based number of the page asked for. */
  pageNumber: number;
  error: Error | undefined;
  /** Nothing to show yet (a first load, or a new query without keepPreviousData). */
  isLoading: boolean;
  isLoadingMore: boolean;
  /** Asking again for what is shown (after a change, or on focus). */
  isRefreshing: boolean;
  hasMore: boolean;
  loadMore: () => Promise<unknown>;
  hasPrevious: boolean;
  previous: () => Promise<unknown>;
  reload: () => Promise<unknown>;
}

/**
 * A cursor-paged list of the GET at `base` (a contract path); `base` null asks nothing (not allowed, or
 * no id yet). The item type T is the reply's (ItemOf); a reply that is not { items, nextCursor } needs
 * `toPage`.
 */
export function usePaged<K extends PathOf<'GET'>, T = ItemOf<Fetched<K>>>(base: K | null, options: PagedOptions<QueryAt<'GET', K>, T, Fetched<K>> = {}): Paged<T, Fetched<K>> {
  type R = Fetched<K>;
  const toPage = options.toPage ?? ((reply: R) => reply as unknown as Page<T>);
  // Each key is `base` and a page's query: what scripts/openapi/web-calls.ts reads as a GET of `base`.
  const pageKey = (index: number, previous: R | null) => {
    if (!base) return null;
    // The first page's key is firstPageKey's (what start-early preloads); written out here, as one
    // template, so that scripts/openapi/web-calls.ts reads it as a GET of `base`.
    const cursor = index > 0 && previous ? toPage(previous).nextCursor : undefined;
    if (index > 0 && !cursor) return null;
    return `${base}${queryString(pageQuery(options, cursor, index + 1))}`;
  };
  // The first page fetched at start, for this mount's first key only (a new filter asks as usual).
  const firstKey = pageKey(0, null);
  const [start, setStart] = useState(() => takeEarly(firstKey));
  // Once the list asks for something else, the start's page is not used again.
  if (start && start.key !== firstKey) setStart(undefined);
  const fromStart = start?.key === firstKey ? start : undefined;
  /** The start's page handed to the list's fetch already (it waited for it): never twice. */
  const startUsed = useRef(false);
  const pages = useSWRInfinite<R>(
    pageKey,
    // Still on its way: the first page's first fetch is that answer (once), not a second request.
    (key: string) => {
      if (fromStart && key === fromStart.key && !fromStart.arrived && !startUsed.current) {
        startUsed.current = true;
        return fromStart.answer as Promise<R>;
      }
      return fetcher(key as K);
    },
    {
      keepPreviousData: options.keepPreviousData,
      // Arrived a moment ago for this very render: shown at once and not asked again as the list mounts.
      ...(fromStart?.arrived ? { fallbackData: [fromStart.arrived.reply as R], revalidateOnMount: false } : {}),
    },
  );
  const replies = pages.data ?? [];
  const data = replies.map(toPage);
  // Going back, the pages after the one asked for stay in `data` until swr has revalidated page 1.
  const shownAt = Math.min(pages.size, data.length) - 1;
  const isLoadingMore = pages.isValidating && pages.size > data.length;
  return {
    items: data.flatMap((p) => p.items),
    page: data[shownAt]?.items ?? [],
    reply: replies[shownAt],
    pageNumber: pages.size,
    error: pages.error as Error | undefined,
    isLoading: pages.isLoading && !pages.data,
    isLoadingMore,
    isRefreshing: pages.isValidating && !pages.isLoading && !isLoadingMore,
    hasMore: Boolean(data[shownAt]?.nextCursor),
    loadMore: () => pages.setSize(pages.size + 1),
    hasPrevious: pages.size > 1,
    previous: () => pages.setSize(Math.max(1, pages.size - 1)),
    reload: () => pages.mutate(),
  };
}
