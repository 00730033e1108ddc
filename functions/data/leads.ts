// Leads: the organisation-wide view of form submissions (one submission is one lead; the records live
// in submissions.ts). Access patterns:
//   an organisation's leads, newest first   gsi2pk ORG#<orgId>#LEADS  gsi2sk <createdAt>#<submissionId>
//   lead by id                              the submission by id (getSubmission)
import type { Page } from '#shared/api';
import { table } from './dynamo';
import { queryPage, strip, type Item } from './core';
import { getSubmission, leadsPk, type SubmissionRecord } from './submissions';

export type LeadSummary = Pick<SubmissionRecord, 'id' | 'formId' | 'formName' | 'name' | 'email' | 'packageId' | 'packageName' | 'paymentStatus' | 'createdAt'>;

export function toLeadSummary(s: SubmissionRecord): LeadSummary {
  return {
    id: s.id, formId: s.formId, formName: s.formName, name: s.name, email: s.email,
    packageId: s.packageId, packageName: s.packageName, paymentStatus: s.paymentStatus, createdAt: s.createdAt,
  };
}

// An organisation's leads, newest first, one page (summaries: the list does not need every answer).
export async function listLeads(orgId: string, limit: number, cursor?: string): Promise<Page<LeadSummary>> {
  const page = await queryPage<Item>(
    { TableName: table(), IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :pk', ExpressionAttributeValues: { ':pk': leadsPk(orgId) }, ScanIndexForward: false },
    { limit, cursor, keys: ['gsi2pk', 'gsi2sk', 'pk', 'sk'], partitionValue: leadsPk(orgId) },
  );
  return { items: page.items.map((i) => toLeadSummary(strip<SubmissionRecord>(i)!)), nextCursor: page.nextCursor };
}

// Get a lead by id (its submission).
export const getLead = getSubmission;
