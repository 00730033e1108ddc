// DELETE /packages/{id}: delete a form package. Forms that offered it stop showing it (forms read their packages by id and
// skip missing ones); leads and payments keep the package's name. Its image file stays in the
// bucket (no S3 client in this function, see update-package.ts).
import { formPackagesDeletePackageReply } from '#shared/forms/schemas';
import { notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { deleteFormPackage, getFormPackage } from '../data/form-packages';

export const handler = endpoint({ reply: formPackagesDeletePackageReply }, async ({ params, caller }) => {
  const pkg = await getFormPackage(caller.orgId, params.id);
  if (!pkg || !(await deleteFormPackage(pkg, caller.userId))) throw notFound('Package not found.');
  return { message: 'Package deleted.', data: { id: pkg.id } };
});
