// PUT /form/{formId}/package {packageIds, packageId?}: the packages offered on a form, in display order.
import { linkPackagesSchema, linkPackagesReply } from '#shared/forms/schemas';
import { notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { getForm, updateForm } from '../data/forms';
import { checkPackageLinks } from './lib/form-input';
import { formWithPackages, toFormView } from '#domain/forms/views';

export const handler = endpoint({ body: linkPackagesSchema, reply: linkPackagesReply }, async ({ body, params, caller }) => {
  const form = await getForm(caller.orgId, params.formId);
  if (!form) throw notFound('Form not found.');
  const links = await checkPackageLinks(caller.orgId, body.packageIds, body.packageId);
  const now = new Date().toISOString();
  const summary = `Linked ${links.packageIds.length} package(s) to form "${form.name}"`;
  if (!(await updateForm(form, { ...links, updatedAt: now }, caller.userId, summary))) throw notFound('Form not found.');
  const saved = (await formWithPackages(caller.orgId, form.id))!;
  return { message: 'Packages saved.', data: toFormView(saved.form, saved.packages) };
});
