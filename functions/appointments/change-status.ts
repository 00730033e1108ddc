// PATCH /appointments/{id}/change-status { status, version? }: move along the lifecycle
// requested -> confirmed -> completed, requested/confirmed -> cancelled, confirmed -> no-show.
// Other moves are refused (409); the patient is mailed when their appointment is confirmed or
// cancelled, and the assignee (unless they made the change) is told. Both are outbox rows written
// with the change, so they go out once, and only if the change is saved.
import { STATUS_LABELS, STATUS_TRANSITIONS, changeStatusSchema, changeStatusReply } from '#shared/appointments/schemas';
import { conflict } from '#lib/errors';
import { endpoint } from '#http/http';
import { getOrganization } from '../data/organizations';
import { changeAppointment } from './lib/change';
import { appointmentStatusMail } from '#domain/appointments/patient-mails';
import { appointmentEventItems } from './lib/events';
import { appointmentReminderItems } from '#domain/appointments/when';
import { toView, when } from '#domain/appointments/views';

export const handler = endpoint({ body: changeStatusSchema, reply: changeStatusReply }, async ({ body, params, caller }) => {
  const org = await getOrganization(caller.orgId);
  const result = await changeAppointment(caller, params.id, body.version, (current) => {
    if (current.status === body.status) return { unchanged: `The appointment is already ${STATUS_LABELS[body.status].toLowerCase()}.` };
    if (!STATUS_TRANSITIONS[current.status].includes(body.status)) {
      const allowed = STATUS_TRANSITIONS[current.status];
      throw conflict(
        `A ${STATUS_LABELS[current.status].toLowerCase()} appointment cannot become ${STATUS_LABELS[body.status].toLowerCase()}.` +
          (allowed.length ? ` It can become: ${allowed.map((s) => STATUS_LABELS[s].toLowerCase()).join(', ')}.` : ' It is closed.'),
      );
    }
    const next = { ...current, status: body.status };
    const assignee = next.assignee && next.assignee.userId !== caller.userId ? next.assignee : undefined;
    return {
      next,
      action: 'status-changed',
      summary: `Status changed from ${STATUS_LABELS[current.status]} to ${STATUS_LABELS[body.status]}`,
      from: current.status,
      to: body.status,
      // Confirmed: its reminder is due before it (a cancelled one's is dropped when its time comes).
      items: appointmentReminderItems(next, org),
      event: (saved) => appointmentEventItems('appointment.status_changed', saved, `appointment-status-${saved.id}-v${saved.version}`, saved.updatedAt, current.status),
      effects: {
        mail: appointmentStatusMail(next, org ?? { name: 'The clinic' }),
        notice: assignee && {
          title: `Appointment ${STATUS_LABELS[next.status].toLowerCase()}`,
          message: `${next.firstName} ${next.lastName}, ${when(next)}.`,
          link: `/appointments/${next.id}`,
          userIds: [assignee.userId],
        },
      },
    };
  });
  const a = result.appointment;
  return { message: result.message ?? `The appointment is ${STATUS_LABELS[a.status].toLowerCase()}.`, data: toView(a) };
});
