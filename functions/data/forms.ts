// Forms of the form builder. Access patterns:
//   form by id                                pk ORG#<orgId>#FORM#<formId>  sk FORM
//   an organisation's forms, newest first     gsi1pk ORG#<orgId>#FORMS      gsi1sk <createdAt>#<formId>
// A form's packages are an ordered list of ids on the form (PUT /form/{formId}/package).
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { FormField } from '#shared/forms/types';
import type { Page } from '#shared/api';
import { ddb, table } from './dynamo';
import { auditItem } from './audit';
import { queryPage, strip, transact, tryTransact, type Item, type TransactItem } from './core';
import { counterUpdate } from './organizations';
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

// Get a form of an organisation by id.
export async function getForm(orgId: string, formId: string): Promise<FormRecord | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table(), Key: formKey(orgId, formId) }));
  return strip<FormRecord>(out.Item);
}

// An organisation's forms, newest first, one page.
export async function listForms(orgId: string, limit: number, cursor?: string): Promise<Page<FormRecord>> {
  const page = await queryPage<Item>(
    { TableName: table(), IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': listPk(orgId) }, ScanIndexForward: false },
    { limit, cursor, keys: GSI1_KEYS, partitionValue: listPk(orgId) },
  );
  return { items: page.items.map((i) => strip<FormRecord>(i)!), nextCursor: page.nextCursor };
}

/** The Put of a new form, for one transaction with its counter and audit entry. */
export function putNewFormItem(form: FormRecord): TransactItem {
  return {
    Put: {
      TableName: table(),
      Item: { ...formKey(form.orgId, form.id), gsi1pk: listPk(form.orgId), gsi1sk: `${form.createdAt}#${form.id}`, ...form },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** The Update of an existing form's editable fields (fails when the form is gone). */
export type FormFields = Partial<Omit<FormRecord, 'id' | 'orgId' | 'createdAt' | 'createdBy'>>;

export function updateFormItem(orgId: string, formId: string, fields: FormFields): TransactItem {
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
export function deleteFormItem(orgId: string, formId: string): TransactItem {
  return { Delete: { TableName: table(), Key: formKey(orgId, formId), ConditionExpression: 'attribute_exists(pk)' } };
}

const formAudit = (form: Pick<FormRecord, 'orgId' | 'id'>, actorId: string, action: 'create' | 'update' | 'delete', summary: string, at?: string) =>
  auditItem({ orgId: form.orgId, actorId, module: 'FORMS', action, recordType: 'form', recordId: form.id, summary, at });

// Create a form with the dashboard's forms counter and its audit entry.
export async function createForm(form: FormRecord, actorId: string, summary: string): Promise<void> {
  await transact([putNewFormItem(form), counterUpdate(form.orgId, 'forms', 1), formAudit(form, actorId, 'create', summary, form.createdAt)]);
}

// Save fields of a form (`fields.updatedAt` included) with its audit entry; false when it is gone.
export function updateForm(form: Pick<FormRecord, 'orgId' | 'id'>, fields: FormFields & { updatedAt: string }, actorId: string, summary: string): Promise<boolean> {
  return tryTransact([updateFormItem(form.orgId, form.id, fields), formAudit(form, actorId, 'update', summary, fields.updatedAt)]);
}

// Delete a form with the counter and its audit entry; false when it is gone already (the counter moves once).
export function deleteForm(form: FormRecord, actorId: string): Promise<boolean> {
  return tryTransact([deleteFormItem(form.orgId, form.id), counterUpdate(form.orgId, 'forms', -1), formAudit(form, actorId, 'delete', `Deleted form "${form.name}"`)]);
}
