// GET /leads/{id}/files/{fieldId}: a signed link, valid 5 minutes, to a file a visitor uploaded with
// the lead (private: never served at /assets). Each opening is recorded in the audit log.
import { getLeadFileReply } from '#shared/forms/schemas';
import { notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { DOWNLOAD_LINK_SECONDS, signedDownloadUrl } from '#lib/signed-download';
import { recordAudit } from '../data/audit';
import { getLead } from '../data/leads';

export const handler = endpoint({ reply: getLeadFileReply }, async ({ params, caller }) => {
  const lead = await getLead(caller.orgId, params.id);
  const answer = lead?.answers.find((a) => a.fieldId === params.fieldId && a.type === 'file');
  if (!lead || !answer || typeof answer.value !== 'string') throw notFound('This lead has no such file.');
  await recordAudit({ orgId: caller.orgId, actorId: caller.userId, module: 'FORMS', action: 'update', recordType: 'lead', recordId: lead.id, summary: `Opened the file "${answer.label}" of a lead of "${lead.formName}"` });
  const extension = answer.value.split('.').pop();
  return { data: { url: await signedDownloadUrl(answer.value, `${answer.label}.${extension}`), expiresInSeconds: DOWNLOAD_LINK_SECONDS } };
});
