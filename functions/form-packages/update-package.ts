// PUT /packages/{id}: save a package as a whole (the image stays unless `image: null` clears it).
// A cleared image's file stays in the bucket: deleting it here would put the S3 client (~230 KB) in
// this function; replaced images are deleted by the upload route, which has the client anyway.
import { formPackageSchema, formPackagesUpdatePackageReply } from '#shared/forms/schemas';
import { notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { getFormPackage, updateFormPackage } from '../data/form-packages';
import { getOrgCurrency } from '../data/organizations';
import { packageFields, priceCurrency } from './lib/input';
import { toPackageView } from '#domain/form-packages/view';

export const handler = endpoint({ body: formPackageSchema, reply: formPackagesUpdatePackageReply }, async ({ body, params, caller }) => {
  const existing = await getFormPackage(caller.orgId, params.id);
  if (!existing) throw notFound('Package not found.');
  // Saved as a whole: the price is in the clinic's currency now, unless the page keeps the package's
  // own (priced before a change of currency) as it is.
  const currency = priceCurrency(body, await getOrgCurrency(caller.orgId), existing);
  const fields = packageFields(caller.orgId, existing.id, body, currency);
  const now = new Date().toISOString();
  if (!(await updateFormPackage(existing, { ...fields, updatedAt: now }, caller.userId, `Saved package "${fields.name}"`))) throw notFound('Package not found.');
  return { message: 'Package saved.', data: toPackageView({ ...existing, ...fields, image: fields.image === undefined ? existing.image : fields.image, updatedAt: now }) };
});
