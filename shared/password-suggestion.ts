// Suggested password for a new member (spec section 5): "<admin>_<user>@" followed by one random
// uppercase letter, one lowercase letter, one digit and one symbol from @$!%*?&.
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const DIGITS = '0123456789';
export const SUGGESTION_SYMBOLS = '@$!%*?&';

function pick(chars: string): string {
  const n = new Uint32Array(1);
  globalThis.crypto.getRandomValues(n);
  return chars[n[0] % chars.length];
}

/** Names are used as typed, without spaces. */
export function suggestPassword(adminName: string, userName: string): string {
  const clean = (s: string) => s.replace(/\s+/g, '');
  return `${clean(adminName)}_${clean(userName)}@${pick(UPPER)}${pick(LOWER)}${pick(DIGITS)}${pick(SUGGESTION_SYMBOLS)}`;
}
