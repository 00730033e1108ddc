// The signed-in session: the token cookie and the current user (GET /users/profile through swr).
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { mutate, preload, useSWRConfig } from 'swr';
import type { ReplyOf } from '#shared/api-contract';
import { fetcher, setUnauthorizedHandler } from './api';
import { fetchFirstPageEarly } from './paged';
import { clearRegistrationToken, getToken, saveToken } from './session';
import { useApi } from './swr';

export const PROFILE_KEY = '/users/profile';
/** Why the console signed the member out when the server did not say (a 401 without a message). */
export const SIGNED_OUT = 'You were signed out. Please sign in again.';

/** The signed-in member as GET /users/profile answers (the contract's reply schema). */
export type UserDetails = ReplyOf<'GET /users/profile'>;

interface AuthState {
  token?: string;
  currentUser?: UserDetails;
  /** True while the profile of a signed-in user is first loading. */
  userLoading: boolean;
  /** Save the access token (empty removes it) and, when given, the user it belongs to. */
  saveAuth: (token: string | undefined, user?: UserDetails) => void;
  setCurrentUser: (user: UserDetails) => void;
  /** Remove the token cookie, clear the session and every cached call. */
  logout: () => void;
  /**
   * Why the session ended on its own (the server's 401: expired, ended elsewhere, idle), shown on /auth;
   * undefined after a sign-out the member asked for, and once signed in again.
   */
  signedOutBecause?: string;
}

const AuthContext = createContext<AuthState | undefined>(undefined);

/**
 * Fetches GETs that every signed-in page makes (the shell's profile, roles and session) before the
 * console renders, and puts their answers in swr's cache, so the shell renders once, with them,
 * instead of rendering placeholders and rendering again (in one long task each) as each arrives.
 * Resolves when they are in; a failed call is left to its hook (a refused session ends there, as
 * usual). Nothing without a token.
 *
 * `pageKeys`: those of the page opened (its route's prefetch, app/routes.tsx), the same way, and also
 * handed to swr's preload: the page's hook revalidates as it mounts, and gets this answer instead of
 * asking again. `firstPages`: the first pages of its lists (lib/paged.ts firstPageKey), handed to the
 * list's hook (lib/paged.ts fetchFirstPageEarly), which renders its rows with them at once.
 */
export async function prefetchSignedIn(keys: readonly string[], pageKeys: readonly string[] = [], firstPages: readonly string[] = []): Promise<void> {
  const token = getToken();
  if (!token) return;
  // The answers are only stored as they come: no key's reply type is needed here.
  const fetchAnswer = fetcher as (key: string) => Promise<unknown>;
  const handOver = (key: string): Promise<unknown> => preload(key, fetchAnswer);
  // Handed to the lists' hook as it mounts (lib/paged.ts), not to swr's preload: a list that has its
  // first page starts with it and does not fetch, so a preloaded answer would stay there unused.
  const preloaded = firstPages.map((key) => fetchFirstPageEarly(key, fetchAnswer(key)));
  await Promise.all([
    ...preloaded,
    ...[...keys.map((key) => [key, fetchAnswer(key)] as const), ...pageKeys.map((key) => [key, handOver(key)] as const)].map(([key, answer]) =>
      answer.then(
        // An answer that comes after the console rendered without it (the wait is capped) never
        // overwrites what is there by then (a saved profile), nor lands after a sign-out or a new sign-in.
        (data) => (getToken() === token ? mutate(key, (current: unknown) => current ?? data, { revalidate: false }) : undefined),
        () => undefined,
      ),
    ),
  ]);
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const { mutate } = useSWRConfig();
  const [token, setToken] = useState<string | undefined>(() => getToken());
  const [signedOutBecause, setSignedOutBecause] = useState<string>();
  const { data: currentUser, isLoading } = useApi(token ? PROFILE_KEY : null, {
    revalidateOnFocus: false,
    // The user given at sign-in (or saved by the profile page) is current: no second fetch.
    revalidateIfStale: false,
    shouldRetryOnError: false,
    onError: (error) => console.error('Could not load the profile', error),
  });

  const clearCache = useCallback(() => mutate(() => true, undefined, { revalidate: false }), [mutate]);

  const saveAuth = useCallback(
    (next: string | undefined, user?: UserDetails) => {
      saveToken(next);
      setSignedOutBecause(undefined);
      // The cache was cleared at sign-out; seed the profile so the shell needs no extra call.
      if (next && user) void mutate(PROFILE_KEY, user, { revalidate: false });
      setToken(next || undefined);
    },
    [mutate],
  );

  const setCurrentUser = useCallback((user: UserDetails) => void mutate(PROFILE_KEY, user, { revalidate: false }), [mutate]);

  const endSession = useCallback(
    (reason: string | undefined) => {
      saveToken(undefined);
      clearRegistrationToken();
      setToken(undefined);
      setSignedOutBecause(reason);
      void clearCache();
    },
    [clearCache],
  );
  const logout = useCallback(() => endSession(undefined), [endSession]);

  // An expired, ended or idle session ends here, with the server's reason: the next render of a
  // signed-in route goes to /auth, which shows it (guards.tsx RequireAuth).
  useEffect(() => {
    setUnauthorizedHandler((message) => {
      // Only the first refusal of a session says why (the calls in flight with it answer 401 too).
      if (getToken()) endSession(message || SIGNED_OUT);
    });
    return () => setUnauthorizedHandler(undefined);
  }, [endSession]);

  const value = useMemo<AuthState>(
    () => ({ token, currentUser: token ? currentUser : undefined, userLoading: Boolean(token) && isLoading, saveAuth, setCurrentUser, logout, signedOutBecause }),
    [token, currentUser, isLoading, saveAuth, setCurrentUser, logout, signedOutBecause],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth needs an AuthProvider');
  return value;
}
