// PATCH /appointments/{id}/update-assignee { userId, appointmentId?, version? }: reassign (or assign
// when nobody has it yet) to another member of the organisation.
import { updateAssigneeSchema, updateAssigneeReply } from '#shared/appointments/schemas';
import { badRequest } from '#lib/errors';
import { endpoint } from '#http/http';
import { assignChange, assigneeFor } from './lib/assignment';
import { changeAppointment } from './lib/change';
import { toView } from '#domain/appointments/views';

export const handler = endpoint({ body: updateAssigneeSchema, reply: updateAssigneeReply }, async ({ body, params, caller }) => {
  if (body.appointmentId && body.appointmentId !== params.id) throw badRequest('The appointment in the body does not match the one in the path.');
  const to = await assigneeFor(caller.orgId, body.userId);
  const result = await changeAppointment(caller, params.id, body.version, (current) => assignChange(caller, current, to));
  return { message: result.message ?? `Reassigned to ${to.name}.`, data: toView(result.appointment) };
});
