// Domain: services. What the API shows of a service and a category, and their conflicts: services/ and
// the appointment booking page (appointments/).
//
// Shared by the service and category handlers: permissions live on the Appointment module (the spec
// gives services no module of their own; they are part of running appointments).
import { amountMessage, checkMinor, currencyOf, fromMinor, type Currency } from '#shared/currency';
import { SERVICE_PRICE_REQUIRED, type ServiceInput } from '#shared/services/schemas';
import { badRequest, conflict } from '#lib/errors';
import type { Service } from '../../data/services';

export const staleCategory = () => conflict('This category was changed by someone else. Reload and try again.');
export const staleService = () => conflict('This service was changed by someone else. Reload and try again.');
export const CATEGORY_NAME_TAKEN = 'A category with this name already exists.';
export const NO_CATEGORY = 'Please select a category';
export const SERVICE_NAME_TAKEN = 'A service with this name already exists.';

export function categoryView<T extends { orgId: string }>(c: T) {
  const { orgId: _o, ...rest } = c;
  return rest;
}

/**
 * A service as the API shows it: its price in major and minor units with its currency. A service
 * priced before currencies has none stored and reads as the clinic's (`orgCurrency`).
 */
export function serviceView(s: Service, orgCurrency: Currency) {
  const { orgId: _o, currency: stored, ...rest } = s;
  const currency = currencyOf(stored ?? orgCurrency);
  return { ...rest, price: fromMinor(s.priceCents, currency), priceMinor: s.priceCents, priceCents: s.priceCents, currency };
}

/**
 * The price sent (priceMinor, else its old name priceCents) in minor units of `currency`, checked by
 * its rules (KWD amounts end in 0, ISK is whole krónur, Stripe's largest amount). A service is not
 * charged by card, so it may cost less than Stripe's minimum, or nothing.
 */
export function servicePrice(body: Pick<ServiceInput, 'priceMinor' | 'priceCents' | 'currency'>, currency: Currency): number {
  const minor = body.priceMinor ?? body.priceCents;
  if (minor === undefined) throw badRequest(SERVICE_PRICE_REQUIRED, { priceMinor: SERVICE_PRICE_REQUIRED });
  // Minor units mean nothing in another currency (5000 is ¥5,000 but $50.00): never reinterpret them.
  if (body.currency && body.currency !== currency) {
    const message = `This price is in ${currency.toUpperCase()}. Please reload the page.`;
    throw badRequest(message, { priceMinor: message });
  }
  const checked = checkMinor(minor, currency);
  // Stripe's minimum is for charges: a service's price below it (nothing included) is fine.
  if (checked.problem && checked.problem !== 'min') {
    const message = amountMessage(checked.problem, currency);
    throw badRequest(message, { priceMinor: message });
  }
  return minor;
}
