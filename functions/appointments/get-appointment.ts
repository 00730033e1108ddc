// GET /appointments/{id}: one appointment with its attachment keys (private: read them through
// GET /appointments/{id}/attachments/{field}) and the newest entries of its log.
import { getAppointmentReply } from '#shared/appointments/schemas';
import { endpoint } from '#http/http';
import { listAppointmentLog } from '../data/appointments';
import { loadAppointment } from './lib/change';
import { toView } from '#domain/appointments/views';

export const handler = endpoint({ reply: getAppointmentReply }, async ({ params, caller }) => {
  const appointment = await loadAppointment(caller.orgId, params.id);
  const log = await listAppointmentLog(caller.orgId, appointment.id, 50);
  return { data: { ...toView(appointment), log: log.items, logNextCursor: log.nextCursor } };
});
