// The signed-in session as the server sees it (GET /users/session): the organisation's idle limit
// and whether two-factor sign-in is required and on. The shell enforces both (app/session-watch.tsx);
// the profile's security page shows and changes them.
import { api } from './api';

export const SESSION_KEY = '/users/session';

export interface SessionView {
  id: string;
  device: string;
  address: string;
  createdAt: string;
  lastSeenAt: string;
  twoFactor: boolean;
  current: boolean;
}

export interface SessionInfo {
  session: SessionView;
  idleTimeoutMinutes: number;
  twoFactorRequired: boolean;
  twoFactorEnabled: boolean;
  recoveryCodesLeft: number;
}

/** Ends this session on the server (sign-out); the caller clears the browser's side whatever happens. */
export async function endThisSession(): Promise<void> {
  try {
    await api.post('/users/logout');
  } catch {
    // Offline: the token is still removed here and the session ends by itself when idle.
  }
}
