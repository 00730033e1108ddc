// PATCH /appointments/{id}/change-status { status, version? }: move along the lifecycle
// requested -> confirmed -> completed, requested/confirmed -> cancelled, confirmed -> no-show.
// Other moves are refused (409); the patient is mailed when their appointment is confirmed or cancelled.
import { STATUS_LABELS, STATUS_TRANSITIONS, changeStatusSchema } from '#shared/schemas/appointments';
import { conflict } from '#lib/errors';
import { endpoint } from '#lib/http';
import { sendMail } from '#lib/mail';
import { getOrganization } from '../data/organizations';
import { notifyStaff } from '../data/notifications';
import { changeAppointment } from './lib/change';
import { toView, when } from './lib/views';

export const handler = endpoint({ body: changeStatusSchema }, async ({ body, params, caller }) => {
  const result = await changeAppointment(caller, params.id!, body.version, (current) => {
    if (current.status === body.status) return { unchanged: `The appointment is already ${STATUS_LABELS[body.status].toLowerCase()}.` };
    if (!STATUS_TRANSITIONS[current.status].includes(body.status)) {
      const allowed = STATUS_TRANSITIONS[current.status];
      throw conflict(
        `A ${STATUS_LABELS[current.status].toLowerCase()} appointment cannot become ${STATUS_LABELS[body.status].toLowerCase()}.` +
          (allowed.length ? ` It can become: ${allowed.map((s) => STATUS_LABELS[s].toLowerCase()).join(', ')}.` : ' It is closed.'),
      );
    }
    return {
      next: { ...current, status: body.status },
      action: 'status-changed',
      summary: `Status changed from ${STATUS_LABELS[current.status]} to ${STATUS_LABELS[body.status]}`,
      from: current.status,
      to: body.status,
    };
  });
  const a = result.appointment;
  if (result.changed) {
    await Promise.all([
      a.assignee && a.assignee.userId !== caller.userId
        ? notifyStaff(caller.orgId, { title: `Appointment ${STATUS_LABELS[a.status].toLowerCase()}`, message: `${a.firstName} ${a.lastName}, ${when(a)}.`, link: `/appointments/${a.id}`, userIds: [a.assignee.userId] })
        : undefined,
      a.status === 'confirmed' || a.status === 'cancelled' ? mailPatient(caller.orgId, a.status, a) : undefined,
    ]).catch((e) => console.error(JSON.stringify({ level: 'error', message: 'status change side effects failed', error: String(e) })));
  }
  return { message: result.message ?? `The appointment is ${STATUS_LABELS[a.status].toLowerCase()}.`, data: toView(a) };
});

async function mailPatient(orgId: string, status: 'confirmed' | 'cancelled', a: Parameters<typeof when>[0] & { email: string; firstName: string; id: string }) {
  const org = await getOrganization(orgId);
  const clinic = org?.name ?? 'The clinic';
  await sendMail(
    status === 'confirmed'
      ? { to: a.email, subject: `Your appointment at ${clinic} is confirmed`, text: `Hello ${a.firstName},\n\n${clinic} confirmed your appointment on ${when(a)}.\n\nReference: ${a.id}` }
      : { to: a.email, subject: `Your appointment at ${clinic} is cancelled`, text: `Hello ${a.firstName},\n\nYour appointment at ${clinic} on ${when(a)} is cancelled. Please contact ${clinic} to book another time.\n\nReference: ${a.id}` },
  );
}
