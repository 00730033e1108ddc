// POST /forms/create {formName}: the older entry point; a named form with no fields yet, which the
// builder then fills in (PUT /form-builder/form/{id}).
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { legacyCreateFormSchema } from '#shared/schemas/forms';
import { ddb } from '#lib/dynamo';
import { endpoint } from '#lib/http';
import { randomId } from '#lib/passwords';
import { auditItem } from '../data/audit';
import { putNewFormItem, type FormRecord } from '../data/forms';
import { counterUpdate } from '../data/organizations';
import { toFormView } from './lib/views';

export const handler = endpoint({ body: legacyCreateFormSchema }, async ({ body, caller }) => {
  const now = new Date().toISOString();
  const form: FormRecord = {
    id: randomId(10), orgId: caller.orgId, name: body.formName, description: '', fields: [], packageIds: [], packageId: null,
    redirectUrl: '', successMessage: '', submitButtonText: '', secondButtonText: '', createdBy: caller.userId, createdAt: now, updatedAt: now,
  };
  await ddb.send(
    new TransactWriteCommand({
      TransactItems: [
        putNewFormItem(form),
        counterUpdate(caller.orgId, 'forms', 1),
        auditItem({ orgId: caller.orgId, actorId: caller.userId, module: 'FORMS', action: 'create', recordType: 'form', recordId: form.id, summary: `Created form "${form.name}"`, at: now }),
      ],
    }),
  );
  return { status: 201, message: 'Form created.', data: toFormView(form) };
});
