// Save an existing form as a whole: its fields in the new order (reordering is saving a new order),
// its texts, and its packages when packageIds is given.
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { formSchema } from '#shared/schemas/forms';
import { ddb } from '#lib/dynamo';
import { isConditionFailure, notFound } from '#lib/errors';
import { endpoint } from '#lib/http';
import { auditItem } from '../data/audit';
import { getForm, updateFormItem } from '../data/forms';
import { checkPackageLinks, normaliseFields } from './lib/form-input';
import { formWithPackages, toFormView } from './lib/views';

export const handler = endpoint({ body: formSchema }, async ({ body, params, caller }) => {
  const existing = await getForm(caller.orgId, params.id!);
  if (!existing) throw notFound('Form not found.');
  const fields = normaliseFields(body.fields);
  const links = body.packageIds
    ? await checkPackageLinks(caller.orgId, body.packageIds, body.packageId)
    : body.packageId !== undefined
      ? await checkPackageLinks(caller.orgId, existing.packageIds ?? [], body.packageId)
      : { packageIds: existing.packageIds ?? [], packageId: existing.packageId ?? null };
  const now = new Date().toISOString();
  try {
    await ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          updateFormItem(caller.orgId, existing.id, {
            name: body.name, description: body.description, fields, ...links, redirectUrl: body.redirectUrl,
            successMessage: body.successMessage, submitButtonText: body.submitButtonText, secondButtonText: body.secondButtonText, updatedAt: now,
          }),
          auditItem({ orgId: caller.orgId, actorId: caller.userId, module: 'FORMS', action: 'update', recordType: 'form', recordId: existing.id, summary: `Saved form "${body.name}" (${fields.length} fields)`, at: now }),
        ],
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw notFound('Form not found.');
    throw error;
  }
  const saved = (await formWithPackages(caller.orgId, existing.id))!;
  return { message: 'Form saved.', data: toFormView(saved.form, saved.packages) };
});
