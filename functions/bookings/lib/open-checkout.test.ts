// create-booking's checkout step, what it decides before calling Stripe: the hold's release tokens (the
// first kept for Checkout's cancel address, at most four), a hold taken over before its first checkout
// opened (409, no second session), and a hold whose checkout is open already (the same session, no new
// one). Stripe's call itself, and the place given back when it fails, run against the local stack:
// test/integration/bookings.test.ts (the session's price, addresses and metadata), currency.test.ts
// ('gives up after two retries with a clear error, and releases the hold'), release-hold.test.ts ('the
// page reloaded takes the hold over with a token of its own; both give it back').
import { describe, expect, it } from 'vitest';
import type { BookingRecord } from '../../data/bookings';
import { MAX_RELEASE_TOKENS, openCheckout, withReleaseToken } from './open-checkout';
import { releaseTokenHash } from './release-token';

describe('withReleaseToken', () => {
  it('a token the hold knows changes nothing; the first is the one in Checkout\'s cancel address', () => {
    expect(withReleaseToken(['a', 'b'], 'a')).toEqual({ newHashes: undefined, first: true });
    expect(withReleaseToken(['a', 'b'], 'b')).toEqual({ newHashes: undefined, first: false });
    // A hold not yet knowing any token: the one given is its first.
    expect(withReleaseToken([], 'a')).toEqual({ newHashes: ['a'], first: true });
  });

  it(`a new token is added, keeping the first and the latest others: ${MAX_RELEASE_TOKENS} at most`, () => {
    expect(withReleaseToken(['a'], 'b')).toEqual({ newHashes: ['a', 'b'], first: false });
    expect(withReleaseToken(['a', 'b', 'c'], 'd')).toEqual({ newHashes: ['a', 'b', 'c', 'd'], first: false });
    expect(withReleaseToken(['a', 'b', 'c', 'd'], 'e')).toEqual({ newHashes: ['a', 'c', 'd', 'e'], first: false });
    expect(withReleaseToken(['a', 'c', 'd', 'e'], 'f').newHashes).toEqual(['a', 'd', 'e', 'f']);
  });
});

const held = (changes: Partial<BookingRecord>) =>
  ({
    id: 'b1', orgId: 'org1', packageName: 'Massage', priceCents: 4950, currency: 'usd', bookingDate: '2030-01-07', bookingTime: '09:00', timeZone: 'UTC',
    practitionerName: null, createdAt: '2030-01-01T00:00:00.000Z', releaseTokenHashes: [releaseTokenHash('first')], stripeSessionId: null, checkoutUrl: null, ...changes,
  }) as BookingRecord;
const page = { apiKey: 'pk_1', clinicName: 'Clinic', customerEmail: 'pat@example.com', successUrl: 'https://x/s' };

describe('openCheckout before Stripe', () => {
  it('a hold taken over by another page before its first checkout opened: 409, try again in a moment', async () => {
    const refused = openCheckout(held({}), 'another-page', page);
    await expect(refused).rejects.toMatchObject({ status: 409, message: 'This booking is being prepared in another window. Please try again in a moment.', headers: { 'Retry-After': '2' } });
  });

  it('a hold whose checkout is open already keeps that session, and learns the new page\'s token', async () => {
    const open = held({ stripeSessionId: 'cs_1', checkoutUrl: 'https://checkout/cs_1' });
    expect(await openCheckout(open, 'first', page)).toEqual({ session: { id: 'cs_1', url: 'https://checkout/cs_1' }, newHashes: undefined });
    expect(await openCheckout(open, 'another-page', page)).toEqual({
      session: { id: 'cs_1', url: 'https://checkout/cs_1' },
      newHashes: [releaseTokenHash('first'), releaseTokenHash('another-page')],
    });
  });
});
