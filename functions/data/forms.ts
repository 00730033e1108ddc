// Forms of the form builder. Access patterns:
//   form by id                                pk ORG#<orgId>#FORM#<formId>  sk FORM
//   an organisation's forms, newest first     gsi1pk ORG#<orgId>#FORMS      gsi1sk <createdAt>#<formId>
// A form's packages are an ordered list of ids on the form (PUT /form/{formId}/package).
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { FormField } from '#shared/forms/types';
import type { Page } from '#shared/api';
import { ddb, table } from '#lib/dynamo';
import { queryPage } from './members';
import { setClause } from './update';

const GSI1_KEYS = ['gsi1pk', 'gsi1sk', 'pk', 'sk'] as const;

export interface FormRecord {
  id: string;
  orgId: string;
  name: string;
  description: string;
  /** In display order. */
  fields: FormField[];
  /** Linked form packages, in display order. */
  packageIds: string[];
  /** The package chosen on load (one of packageIds), or null for the first. */
  packageId: string | null;
  redirectUrl: string;
  successMessage: string;
  submitButtonText: string;
  secondButtonText: string;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}

export const formKey = (orgId: string, formId: string) => ({ pk: `ORG#${orgId}#FORM#${formId}`, sk: 'FORM' });
const listPk = (orgId: string) => `ORG#${orgId}#FORMS`;

function strip(item: Record<string, unknown> | undefined): FormRecord | undefined {
  if (!item) return undefined;
  const { pk: _pk, sk: _sk, gsi1pk: _g, gsi1sk: _gs, ...form } = item;
  return form as unknown as FormRecord;
}

// Get a form of an organisation by id.
export async function getForm(orgId: string, formId: string): Promise<FormRecord | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table(), Key: formKey(orgId, formId) }));
  return strip(out.Item);
}

// An organisation's forms, newest first, one page.
export async function listForms(orgId: string, limit: number, cursor?: string): Promise<Page<FormRecord>> {
  const page = await queryPage<Record<string, unknown>>(
    { TableName: table(), IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': listPk(orgId) }, ScanIndexForward: false },
    { limit, cursor, keys: GSI1_KEYS, partitionValue: listPk(orgId) },
  );
  return { items: page.items.map((i) => strip(i)!), nextCursor: page.nextCursor };
}

/** The Put of a new form, for one transaction with its counter and audit entry. */
export function putNewFormItem(form: FormRecord) {
  return {
    Put: {
      TableName: table(),
      Item: { ...formKey(form.orgId, form.id), gsi1pk: listPk(form.orgId), gsi1sk: `${form.createdAt}#${form.id}`, ...form },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** The Update of an existing form's editable fields (fails when the form is gone). */
export function updateFormItem(orgId: string, formId: string, fields: Partial<Omit<FormRecord, 'id' | 'orgId' | 'createdAt' | 'createdBy'>>) {
  return {
    Update: {
      TableName: table(),
      Key: formKey(orgId, formId),
      ConditionExpression: 'attribute_exists(pk)',
      ...setClause(fields),
    },
  };
}

/** The Delete of a form (fails when it is gone already, so the counter moves once). */
export function deleteFormItem(orgId: string, formId: string) {
  return { Delete: { TableName: table(), Key: formKey(orgId, formId), ConditionExpression: 'attribute_exists(pk)' } };
}
