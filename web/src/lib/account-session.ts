// The signed-in session as the server sees it (GET /users/session): the organisation's idle limit
// and whether two-factor sign-in is required and on. The shell enforces both (app/session-watch.tsx);
// the profile's security page shows and changes them.
import type { ReplyOf } from '#shared/api-contract';
import { api } from './api';

export const SESSION_KEY = '/users/session';

/** The session's limits and two-factor state (the contract's reply schema). */
export type SessionInfo = ReplyOf<'GET /users/session'>;
export type SessionView = SessionInfo['session'];

/** Ends this session on the server (sign-out); the caller clears the browser's side whatever happens. */
export async function endThisSession(): Promise<void> {
  try {
    await api.post('/users/logout');
  } catch {
    // Offline: the token is still removed here and the session ends by itself when idle.
  }
}
