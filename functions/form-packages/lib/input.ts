// A validated package body as stored: price in minor units of the clinic's currency (checked by its
// rules) with that currency, description sanitised, image only cleared or kept within the package's
// own upload folder.
import type * as z from 'zod/mini';
import type { Currency } from '#shared/currency';
import { formPackagePrice, type formPackageSchema } from '#shared/schemas/forms';
import { badRequest } from '#lib/errors';
import { sanitizeDescription } from '#shared/forms/sanitize-html';
import { packageImagePrefix } from './view';

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
