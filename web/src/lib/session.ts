// Where the session lives (spec sections 4 and 9): the access token in a cookie named `token` (path /,
// SameSite=Strict, Secure over https); the sign-up steps' registration token in sessionStorage.
import Cookies from 'js-cookie';

export const TOKEN_COOKIE = 'token';
const REGISTRATION_KEY = 'registrationToken';

export function getToken(): string | undefined {
  return Cookies.get(TOKEN_COOKIE) || undefined;
}

/** Saving an empty token removes the cookie. */
export function saveToken(token: string | undefined | null): void {
  if (!token) {
    Cookies.remove(TOKEN_COOKIE, { path: '/' });
    return;
  }
  Cookies.set(TOKEN_COOKIE, token, {
    path: '/',
    sameSite: 'Strict',
    secure: typeof location !== 'undefined' && location.protocol === 'https:',
  });
}

function session(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function getRegistrationToken(): string | undefined {
  return session()?.getItem(REGISTRATION_KEY) ?? undefined;
}

export function saveRegistrationToken(token: string | undefined | null): void {
  if (token) session()?.setItem(REGISTRATION_KEY, token);
  else session()?.removeItem(REGISTRATION_KEY);
}

export const clearRegistrationToken = () => saveRegistrationToken(undefined);
