// GET /appointments/{id}/remove-assignee[?version=]: unassign (the spec makes this a GET).
import { versionQuery, removeAssigneeReply } from '#shared/appointments/schemas';
import { endpoint } from '#http/http';
import { assignedCountUpdate, assigneePointerDelete } from '../data/appointments';
import { changeAppointment } from './lib/change';
import { toView } from '#domain/appointments/views';

export const handler = endpoint({ query: versionQuery, reply: removeAssigneeReply }, async ({ query, params, caller }) => {
  const result = await changeAppointment(caller, params.id, query.version, (current) => {
    if (!current.assignee) return { unchanged: 'This appointment has no assignee.' };
    return {
      next: { ...current, assignee: undefined },
      action: 'unassigned',
      summary: `Unassigned ${current.assignee.name}`,
      from: current.assignee.userId,
      items: [assigneePointerDelete(current, current.assignee.userId), assignedCountUpdate(current.orgId, current.assignee.userId, -1)],
    };
  });
  return { message: result.message ?? 'The appointment is unassigned.', data: toView(result.appointment) };
});
