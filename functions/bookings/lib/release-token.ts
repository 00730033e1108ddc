// A hold's release tokens (issue 34): whoever made the hold may give it back at once, before it runs
// out. create-booking gives its page a token (and puts it in Checkout's cancel address); the booking
// keeps only its SHA-256, which POST /bookings/release-hold compares.
import { createHash, timingSafeEqual } from 'node:crypto';

/** How a release token is kept on its booking. */
export const releaseTokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** Whether `token` is one of a booking's release tokens (compared by their hashes, in constant time). */
export function knowsReleaseToken(hashes: readonly string[] | null | undefined, token: string): boolean {
  const given = Buffer.from(releaseTokenHash(token), 'hex');
  return (hashes ?? []).some((h) => {
    const kept = Buffer.from(h, 'hex');
    return kept.length === given.length && timingSafeEqual(kept, given);
  });
}
