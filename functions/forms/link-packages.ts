// PUT /form/{formId}/package {packageIds, packageId?}: the packages offered on a form, in display order.
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { linkPackagesSchema } from '#shared/schemas/forms';
import { ddb } from '#lib/dynamo';
import { isConditionFailure, notFound } from '#lib/errors';
import { endpoint } from '#lib/http';
import { auditItem } from '../data/audit';
import { getForm, updateFormItem } from '../data/forms';
import { checkPackageLinks } from './lib/form-input';
import { formWithPackages, toFormView } from './lib/views';

export const handler = endpoint({ body: linkPackagesSchema }, async ({ body, params, caller }) => {
  const form = await getForm(caller.orgId, params.formId!);
  if (!form) throw notFound('Form not found.');
  const links = await checkPackageLinks(caller.orgId, body.packageIds, body.packageId);
  const now = new Date().toISOString();
  try {
    await ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          updateFormItem(caller.orgId, form.id, { ...links, updatedAt: now }),
          auditItem({ orgId: caller.orgId, actorId: caller.userId, module: 'FORMS', action: 'update', recordType: 'form', recordId: form.id, summary: `Linked ${links.packageIds.length} package(s) to form "${form.name}"`, at: now }),
        ],
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw notFound('Form not found.');
    throw error;
  }
  const saved = (await formWithPackages(caller.orgId, form.id))!;
  return { message: 'Packages saved.', data: toFormView(saved.form, saved.packages) };
});
