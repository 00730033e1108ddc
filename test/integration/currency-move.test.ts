// A clinic priced in a currency that has ended moves to its successor (issue 38): the preview names
// every price with its converted amount at the fixed rate, the move converts them and the clinic's
// currency with an audit entry, and a retry converts nothing twice.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { api, signUpOwner, type Owner } from '../support/api';
import { testDb } from '../support/db';
import { logs } from '../support/members';

/** A clinic that charged in lev before 2026 (set directly: sign-up no longer offers BGN). */
async function levClinic(): Promise<Owner> {
  const owner = await signUpOwner('cur-move', undefined, { currency: 'EUR' });
  const { client, table } = testDb();
  await client.send(new UpdateCommand({ TableName: table, Key: { pk: `ORG#${owner.orgId}`, sk: 'PROFILE' }, UpdateExpression: 'SET currency = :c', ExpressionAttributeValues: { ':c': 'bgn' } }));
  return owner;
}

describe('a clinic in an ended currency', () => {
  it('previews, then moves its prices to the successor at 1.95583 lev per euro, once, with an audit entry', async () => {
    const owner = await levClinic();
    const made = await api('POST', '/bookings/packages', { token: owner.token, body: { packageName: 'Massage', packagePrice: '50.00' } });
    expect(made.status, made.body.message).toBe(201);
    expect(made.body.data).toMatchObject({ packagePriceMinor: 5000, currency: 'bgn' });
    const tier = await api('POST', '/packages', { token: owner.token, body: { name: 'Standard', description: null, price: '19.99', customAmountEnabled: false, isPayable: true } });
    expect(tier.status, tier.body.message).toBe(201);

    const preview = await api('GET', '/organization/currency-move', { token: owner.token });
    expect(preview.status, preview.body.message).toBe(200);
    expect(preview.body.data).toMatchObject({ from: 'bgn', to: 'eur', rate: '1.95583', endedOn: '2026-01-01' });
    expect(preview.body.data.prices).toEqual(expect.arrayContaining([
      { kind: 'booking-package', id: made.body.data.id, name: 'Massage', fromMinor: 5000, toMinor: 2556 },
      { kind: 'form-package', id: tier.body.data.id, name: 'Standard', fromMinor: 1999, toMinor: 1022 },
    ]));

    // Not the currency the clinic is in: refused, nothing moved.
    const wrong = await api('POST', '/organization/currency-move', { token: owner.token, body: { from: 'ANG' } });
    expect(wrong.status).toBe(409);
    const living = await api('POST', '/organization/currency-move', { token: owner.token, body: { from: 'EUR' } });
    expect(living.status).toBe(400);
    expect(living.body.errors).toEqual({ from: 'EUR has not ended' });

    const moved = await api('POST', '/organization/currency-move', { token: owner.token, body: { from: 'BGN' } });
    expect(moved.status, moved.body.message).toBe(200);
    expect(moved.body.data).toEqual({ currency: 'eur', converted: 2 });
    expect((await api('GET', '/organization/profile', { token: owner.token })).body.data.currency).toBe('eur');
    const pkg = await api('GET', `/bookings/packages/${made.body.data.id}`, { token: owner.token });
    expect(pkg.body.data).toMatchObject({ packagePriceMinor: 2556, packagePrice: 25.56, currency: 'eur' });
    const form = await api('GET', `/packages/${tier.body.data.id}`, { token: owner.token });
    expect(form.body.data).toMatchObject({ priceMinor: 1022, currency: 'eur' });

    // A retry (the answer was lost): nothing converts twice.
    const again = await api('POST', '/organization/currency-move', { token: owner.token, body: { from: 'BGN' } });
    expect(again.status, again.body.message).toBe(200);
    expect(again.body.data).toEqual({ currency: 'eur', converted: 0 });
    expect((await api('GET', `/bookings/packages/${made.body.data.id}`, { token: owner.token })).body.data.packagePriceMinor).toBe(2556);
    expect((await api('GET', '/organization/currency-move', { token: owner.token })).body.data).toBeNull();

    const entries = (await logs(owner)).filter((e) => e.summary.startsWith('Moved the currency'));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ module: 'Organization', action: 'update', recordType: 'organization', summary: 'Moved the currency from BGN (ended 2026-01-01) to EUR at 1.95583 BGN = 1 EUR, converting 2 prices' });
  });

  it("converts a package's deposit and its no-show and late-cancellation fees as its price (same rate, same rounding)", async () => {
    const owner = await levClinic();
    const create = async (body: Record<string, unknown>) => {
      const made = await api('POST', '/bookings/packages', { token: owner.token, body: { packageName: 'Visit', packagePrice: '50.00', ...body } });
      expect(made.status, made.body.message).toBe(201);
      return made.body.data.id as string;
    };
    const held = await create({ paymentMode: 'card_on_file', noShowFee: '25.00', lateCancelFee: '15.00', cancellationWindowHours: 24 });
    const deposit = await create({ paymentMode: 'deposit', depositAmount: '10.00' });
    expect((await api('POST', '/organization/currency-move', { token: owner.token, body: { from: 'BGN' } })).body.data).toEqual({ currency: 'eur', converted: 2 });
    // 2500 / 1.95583 = 1278.22 -> 1278; 1500 -> 766.94 -> 767; 1000 -> 511.29 -> 511; 5000 -> 2556.
    expect((await api('GET', `/bookings/packages/${held}`, { token: owner.token })).body.data).toMatchObject({ currency: 'eur', packagePriceMinor: 2556, noShowFeeMinor: 1278, lateCancelFeeMinor: 767 });
    expect((await api('GET', `/bookings/packages/${deposit}`, { token: owner.token })).body.data).toMatchObject({ currency: 'eur', packagePriceMinor: 2556, depositAmountMinor: 511 });
  });
});
