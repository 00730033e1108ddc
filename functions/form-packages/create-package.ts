// POST /packages: a new form package (pricing tier). Price in dollars (2 decimals), stored in cents;
// the HTML description is sanitised here whatever the console did.
import { formPackageSchema } from '#shared/schemas/forms';
import { endpoint } from '#http/http';
import { randomId } from '#lib/passwords';
import { createFormPackage, type FormPackageRecord } from '../data/form-packages';
import { packageFields } from './lib/input';
import { toPackageView } from './lib/view';

export const handler = endpoint({ body: formPackageSchema }, async ({ body, caller }) => {
  const id = randomId(10);
  const now = new Date().toISOString();
  const fields = packageFields(caller.orgId, id, { ...body, image: undefined });
  const pkg: FormPackageRecord = { id, orgId: caller.orgId, ...fields, image: null, createdAt: now, updatedAt: now };
  await createFormPackage(pkg, caller.userId);
  return { status: 201, message: 'Package saved.', data: toPackageView(pkg) };
});
