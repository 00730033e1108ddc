// POST /packages: a new form package (pricing tier). Price in major units of the clinic's currency,
// stored in minor units with it;
// the HTML description is sanitised here whatever the console did.
import { formPackageSchema, formPackagesCreatePackageReply } from '#shared/forms/schemas';
import { endpoint } from '#http/http';
import { randomId } from '#lib/passwords';
import { getOrgCurrency } from '../data/organizations';
import { createFormPackage, type FormPackageRecord } from '../data/form-packages';
import { packageFields, priceCurrency } from './lib/input';
import { toPackageView } from '#domain/form-packages/view';

export const handler = endpoint({ body: formPackageSchema, reply: formPackagesCreatePackageReply }, async ({ body, caller }) => {
  const id = randomId(10);
  const now = new Date().toISOString();
  const fields = packageFields(caller.orgId, id, { ...body, image: undefined }, priceCurrency(body, await getOrgCurrency(caller.orgId)));
  const pkg: FormPackageRecord = { id, orgId: caller.orgId, ...fields, image: null, createdAt: now, updatedAt: now };
  await createFormPackage(pkg, caller.userId);
  return { status: 201, message: 'Package saved.', data: toPackageView(pkg) };
});
