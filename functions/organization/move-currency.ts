// POST /organization/currency-move (owner): moves a clinic whose currency has ended to its successor.
// Every price still in the old currency is converted at the official fixed rate (rounded to the minor
// unit, halves up), then the clinic's currency changes, with an audit entry naming the rate and the count.
// Idempotent: each price converts only while it is still in the old currency, and a retry after the move
// (the clinic already in the successor) finishes any price a cut-short try left and converts nothing twice.
// Like any change of currency, refused while a booking is held or a card payment is open in the old one.
import { ENDED_CURRENCIES, type Currency } from '#shared/currency';
import { currencyMoveSchema, moveCurrencyReply } from '#shared/organization/currency-move-schemas';
import { badRequest, conflict, notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { convertPrice, moveOrganizationCurrency, pricesIn } from '../data/currency-move';
import { hasOpenHold } from '../data/holds';
import { getOrganization, orgCurrency } from '../data/organizations';
import { hasPendingPayment } from '../data/submissions';

/** Stripe's longest Checkout session: a payment started before this cannot be paid any more. */
const CHECKOUT_MAX_MS = 24 * 3600 * 1000;

async function convertAll(orgId: string, from: Currency, to: Currency, now: string): Promise<number> {
  let converted = 0;
  // One at a time: a clinic has tens of prices, and each write stands alone (its own condition).
  for (const price of await pricesIn(orgId, from)) if (await convertPrice(orgId, price, from, to, now)) converted += 1;
  return converted;
}

export const handler = endpoint({ body: currencyMoveSchema, reply: moveCurrencyReply }, async ({ body, caller }) => {
  const ended = ENDED_CURRENCIES[body.from];
  if (!ended) throw badRequest(`${body.from.toUpperCase()} has not ended: there is nothing to move.`, { from: `${body.from.toUpperCase()} has not ended` });
  const org = await getOrganization(caller.orgId);
  if (!org) throw notFound('Your organisation was not found.');
  const current = orgCurrency(org);
  const to = ended.successor;
  const now = new Date().toISOString();
  // A retry after the move: finish what a cut-short try left, convert nothing twice.
  if (current === to) return { message: `Your prices are in ${to.toUpperCase()}.`, data: { currency: to, converted: await convertAll(caller.orgId, body.from, to, now) } };
  if (current !== body.from) throw conflict(`Your clinic charges in ${current.toUpperCase()}, not ${body.from.toUpperCase()}: reload the page.`);
  const since = new Date(Date.now() - CHECKOUT_MAX_MS).toISOString();
  const [held, pending] = await Promise.all([hasOpenHold(caller.orgId), hasPendingPayment(caller.orgId, since)]);
  if (held || pending) {
    throw conflict(`The currency cannot change while bookings or payments in ${current.toUpperCase()} are still open (a held booking or a started card payment). Please try again once they are paid or expired.`);
  }
  // The clinic first (a package made from now on is priced in the successor), then its prices: a try cut
  // short between the two is finished by the next one (the branch above).
  const count = (await pricesIn(caller.orgId, body.from)).length;
  const summary = `Moved the currency from ${body.from.toUpperCase()} (ended ${ended.endedOn}) to ${to.toUpperCase()} at ${ended.rate} ${body.from.toUpperCase()} = 1 ${to.toUpperCase()}, converting ${count} price${count === 1 ? '' : 's'}`;
  // Lost to a concurrent move: that one wrote the audit entry; the conversions below are the same writes.
  await moveOrganizationCurrency(caller.orgId, body.from, to, summary, caller.userId, now);
  const converted = await convertAll(caller.orgId, body.from, to, now);
  return { message: `Your clinic now charges in ${to.toUpperCase()}: ${converted} price${converted === 1 ? '' : 's'} converted at ${ended.rate} ${body.from.toUpperCase()} = 1 ${to.toUpperCase()}.`, data: { currency: to, converted } };
});
