// POST /forms/get-lead-details {leadId} (older entry point): same as GET /leads/{id}.
import { leadDetailsSchema, getLeadDetailsReply } from '#shared/forms/schemas';
import { notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { getLead } from '../data/leads';
import { listSubmissionPayments } from '../data/submissions';
import { toLeadDetail } from './lib/views';

export const handler = endpoint({ body: leadDetailsSchema, reply: getLeadDetailsReply }, async ({ body, caller }) => {
  const lead = await getLead(caller.orgId, body.leadId);
  if (!lead) throw notFound('Lead not found.');
  return { data: toLeadDetail(lead, await listSubmissionPayments(caller.orgId, lead.id)) };
});
