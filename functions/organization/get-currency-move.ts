// GET /organization/currency-move (owner): when the clinic charges in a currency that has ended (BGN
// since 2026-01-01, ANG since 2025-03-31), the move to its successor: the fixed rate and every price it
// would convert, old and new amount. null when its currency has not ended.
import { ENDED_CURRENCIES } from '#shared/currency';
import { getCurrencyMoveReply } from '#shared/organization/currency-move-schemas';
import { notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { pricesIn } from '../data/currency-move';
import { getOrganization, orgCurrency } from '../data/organizations';

export const handler = endpoint({ reply: getCurrencyMoveReply }, async ({ caller }) => {
  const org = await getOrganization(caller.orgId);
  if (!org) throw notFound('Your organisation was not found.');
  const from = orgCurrency(org);
  const ended = ENDED_CURRENCIES[from];
  if (!ended) return { data: null };
  const prices = await pricesIn(caller.orgId, from);
  return {
    data: {
      from, to: ended.successor, rate: ended.rate, endedOn: ended.endedOn,
      prices: prices.map((p) => {
        const main = p.kind === 'booking-package' ? 'packagePriceCents' : 'priceCents';
        return { kind: p.kind, id: p.id, name: p.name, fromMinor: p.amounts[main] ?? 0, toMinor: p.converted[main] ?? 0 };
      }),
    },
  };
});
