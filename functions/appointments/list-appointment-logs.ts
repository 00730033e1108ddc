// GET /appointments/appointment-logs[?appointmentId=]: the history of every change (who, when, what),
// newest first, for the organisation or for one appointment.
import { logsQuery, listAppointmentLogsReply } from '#shared/appointments/schemas';
import { endpoint } from '#http/http';
import { listAppointmentLog, listOrgAppointmentLog } from '../data/appointments';
import { loadAppointment } from './lib/change';

export const handler = endpoint({ query: logsQuery, reply: listAppointmentLogsReply }, async ({ query, caller }) => {
  const limit = query.pageSize ?? 50;
  if (query.appointmentId) {
    await loadAppointment(caller.orgId, query.appointmentId);
    const page = await listAppointmentLog(caller.orgId, query.appointmentId, limit, query.cursor);
    return { data: { items: page.items, nextCursor: page.nextCursor } };
  }
  const page = await listOrgAppointmentLog(caller.orgId, limit, query.cursor);
  return { data: { items: page.items, nextCursor: page.nextCursor } };
});
