// POST /appointments/assign { userId, appointmentId, version? }: assign to a member of the organisation.
// An appointment someone else already has is reassigned with PATCH /appointments/{id}/update-assignee.
import { assignSchema, assignAppointmentReply } from '#shared/appointments/schemas';
import { conflict } from '#lib/errors';
import { endpoint } from '#http/http';
import { assignChange, assigneeFor } from './lib/assignment';
import { changeAppointment } from './lib/change';
import { toView } from '#domain/appointments/views';

export const handler = endpoint({ body: assignSchema, reply: assignAppointmentReply }, async ({ body, caller }) => {
  const to = await assigneeFor(caller.orgId, body.userId);
  const result = await changeAppointment(caller, body.appointmentId, body.version, (current) => {
    if (current.assignee && current.assignee.userId !== to.userId) {
      throw conflict(`This appointment is already assigned to ${current.assignee.name}. Reassign it instead.`);
    }
    return assignChange(caller, current, to);
  });
  return { message: result.message ?? `Assigned to ${to.name}.`, data: toView(result.appointment) };
});
