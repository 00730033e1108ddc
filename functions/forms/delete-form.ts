// Delete a form. Its submissions (leads) and payments stay: they are records of what visitors sent
// and paid, and keep the form's name.
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '#lib/dynamo';
import { isConditionFailure, notFound } from '#lib/errors';
import { endpoint } from '#lib/http';
import { auditItem } from '../data/audit';
import { deleteFormItem, getForm } from '../data/forms';
import { counterUpdate } from '../data/organizations';

export const handler = endpoint({}, async ({ params, caller }) => {
  const form = await getForm(caller.orgId, params.id!);
  if (!form) throw notFound('Form not found.');
  try {
    await ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          deleteFormItem(caller.orgId, form.id),
          counterUpdate(caller.orgId, 'forms', -1),
          auditItem({ orgId: caller.orgId, actorId: caller.userId, module: 'FORMS', action: 'delete', recordType: 'form', recordId: form.id, summary: `Deleted form "${form.name}"` }),
        ],
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw notFound('Form not found.');
    throw error;
  }
  return { message: 'Form deleted.', data: { id: form.id } };
});
