// GET /appointments/{id}/attachments/{field}: a signed link, valid 5 minutes, to one of the
// appointment's private files (insurance card image, referral document). Each read is logged.
import { ATTACHMENT_FIELDS, type AttachmentField, getAttachmentReply } from '#shared/appointments/schemas';
import { notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { DOWNLOAD_LINK_SECONDS, signedDownloadUrl } from '#lib/signed-download';
import { recordAudit } from '../data/audit';
import { loadAppointment } from './lib/change';

export const handler = endpoint({ reply: getAttachmentReply }, async ({ params, caller }) => {
  const field = params.field as AttachmentField;
  if (!(ATTACHMENT_FIELDS as readonly string[]).includes(field)) throw notFound('This appointment has no such file.');
  const appointment = await loadAppointment(caller.orgId, params.id);
  const key = appointment.attachments?.[field];
  if (!key) throw notFound('This appointment has no such file.');
  // Reading a patient's documents is recorded like a change, so the owner can see who looked.
  await recordAudit({ orgId: caller.orgId, actorId: caller.userId, module: 'Appointment', action: 'update', recordType: 'appointment', recordId: appointment.id, summary: `Opened ${field} of the appointment` });
  const extension = key.split('.').pop();
  return { data: { url: await signedDownloadUrl(key, `${field}.${extension}`), expiresInSeconds: DOWNLOAD_LINK_SECONDS } };
});
