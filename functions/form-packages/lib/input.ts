// A validated package body as stored: price in minor units of the clinic's currency (checked by its
// rules) with that currency, description sanitised, image only cleared or kept within the package's
// own upload folder.
import type * as z from 'zod/mini';
import { currencyOf, toMinor, type Currency } from '#shared/currency';
import { formPackagePrice, type formPackageSchema } from '#shared/forms/schemas';
import { badRequest } from '#lib/errors';
import { sanitizeDescription } from '#shared/forms/sanitize-html';
import { packageImagePrefix } from '#domain/form-packages/view';

/**
 * The currency a body's price is in: the clinic's, or (a change of a package priced before the clinic
 * changed currency, `currency` naming the package's own) the package's, whose price then stays as it
 * is: a new price is always in the clinic's currency. Any other currency is a page from before a change.
 */
export function priceCurrency(body: { currency?: Currency; price: number }, clinic: Currency, existing?: { currency?: string; priceCents: number }): Currency {
  if (!body.currency || body.currency === clinic) return clinic;
  if (existing && body.currency === currencyOf(existing.currency)) {
    if (toMinor(body.price, body.currency) !== existing.priceCents) {
      const message = `A new price is in ${clinic.toUpperCase()}, the clinic's currency.`;
      throw badRequest(message, { price: message });
    }
    return body.currency;
  }
  const message = `This price is in ${clinic.toUpperCase()}. Please reload the page.`;
  throw badRequest(message, { price: message });
}

export function packageFields(orgId: string, packageId: string, body: z.output<typeof formPackageSchema>, currency: Currency) {
  const price = formPackagePrice(body, currency);
  if (typeof price === 'string') throw badRequest(price, { price });
  let image: string | null | undefined;
  if (body.image === null || body.image === '') image = null;
  else if (body.image !== undefined) {
    if (!body.image.startsWith(`${packageImagePrefix(orgId, packageId)}/`) || body.image.includes('..')) {
      throw badRequest('Upload the image with POST /leads/update-package-image.', { image: 'Upload the image with POST /leads/update-package-image.' });
    }
    image = body.image;
  }
  return {
    name: body.name,
    description: sanitizeDescription(body.description),
    priceCents: price,
    currency,
    customAmountEnabled: body.customAmountEnabled,
    isPayable: body.isPayable,
    image,
  };
}
