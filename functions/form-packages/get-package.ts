// GET /packages/{id}: one form package.
import { formPackagesGetPackageReply } from '#shared/forms/schemas';
import { notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { getFormPackage } from '../data/form-packages';
import { toPackageView } from '#domain/form-packages/view';

export const handler = endpoint({ reply: formPackagesGetPackageReply }, async ({ params, caller }) => {
  const pkg = await getFormPackage(caller.orgId, params.id);
  if (!pkg) throw notFound('Package not found.');
  return { data: toPackageView(pkg) };
});
