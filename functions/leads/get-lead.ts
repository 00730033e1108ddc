// GET /leads/{id}: one lead with every answer and the payments made for it.
import { getLeadReply } from '#shared/forms/schemas';
import { notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { getLead } from '../data/leads';
import { listSubmissionPayments } from '../data/submissions';
import { toLeadDetail } from './lib/views';

export const handler = endpoint({ reply: getLeadReply }, async ({ params, caller }) => {
  const lead = await getLead(caller.orgId, params.id);
  if (!lead) throw notFound('Lead not found.');
  return { data: toLeadDetail(lead, await listSubmissionPayments(caller.orgId, lead.id)) };
});
