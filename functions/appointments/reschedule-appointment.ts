// PATCH /appointments/{id}/reschedule { bookingDate, bookingTime, version? }: staff move a requested
// or confirmed appointment to another local date and time (the calendar's drag or its edit dialog).
// Appointments have no slots or capacity (staff arrange them one by one); the new time must be a real
// time that has not passed in the clinic's zone. Conditional on the version read, like every change
// (lib/change.ts): the assignee's pointer moves with it, the log and audit record it, and the patient
// is mailed the new time through the outbox in the same transaction.
import { DEFAULT_TIME_ZONE, localToUtc, todayIn } from '#shared/bookings/slots';
import { CALENDAR_MESSAGES, calendarMoveSchema, rescheduleAppointmentReply } from '#shared/calendar/schemas';
import { STATUS_LABELS } from '#shared/appointments/schemas';
import { badRequest, conflict } from '#lib/errors';
import { endpoint } from '#http/http';
import { assigneePointerDelete, assigneePointerPut } from '../data/appointments';
import { getOrganization } from '../data/organizations';
import { changeAppointment } from './lib/change';
import { appointmentMovedMail } from '#domain/appointments/patient-mails';
import { appointmentReminderItems } from '#domain/appointments/when';
import { toView, when } from '#domain/appointments/views';

const PAST = 'That time has already passed. Please choose a later time.';

export const handler = endpoint({ body: calendarMoveSchema, reply: rescheduleAppointmentReply }, async ({ body, params, caller }) => {
  const org = await getOrganization(caller.orgId);
  const zone = org?.timeZone || DEFAULT_TIME_ZONE;
  const start = localToUtc(body.bookingDate, body.bookingTime, zone);
  if (!start) throw badRequest('That time does not exist on that day (the clocks change). Please choose another time.', { bookingTime: 'That time does not exist on that day.' });
  if (body.bookingDate < todayIn(zone) || Date.parse(start) <= Date.now()) throw badRequest(PAST, { bookingTime: PAST });

  // Moving an appointment to another practitioner is not offered (only a booking's move takes one).
  if (body.practitionerId) throw badRequest('An appointment keeps its practitioner when it moves.', { practitionerId: 'An appointment keeps its practitioner when it moves.' });
  const result = await changeAppointment(caller, params.id, body.version, (current) => {
    if (current.status !== 'requested' && current.status !== 'confirmed') throw conflict(`A ${STATUS_LABELS[current.status].toLowerCase()} appointment cannot be moved.`);
    if (current.bookingDate === body.bookingDate && current.bookingTime === body.bookingTime) throw badRequest(CALENDAR_MESSAGES.sameTime, { bookingTime: CALENDAR_MESSAGES.sameTime });
    // An appointment with a practitioner moves in their time too (data/appointment-time.ts): a taken time is 409.
    const next = { ...current, bookingDate: body.bookingDate, bookingTime: body.bookingTime, ...(current.practitionerId ? { startUtc: start } : {}) };
    const assignee = current.assignee;
    return {
      next,
      action: 'rescheduled',
      summary: `Moved from ${when(current)} to ${when(next)}`,
      from: when(current),
      to: when(next),
      // The assignee's list is ordered by the appointment's time: its pointer moves too.
      // and a confirmed one's reminder is replaced by one for the new time.
      items: [...(assignee ? [assigneePointerDelete(current, assignee.userId), assigneePointerPut(next, assignee.userId)] : []), ...appointmentReminderItems(next, org)],
      effects: {
        mail: appointmentMovedMail(current, next, org ?? { name: 'The clinic' }, zone),
        notice: assignee && assignee.userId !== caller.userId ? { title: 'Appointment moved', message: `${current.firstName} ${current.lastName}: now ${when(next)}.`, link: `/appointments/${current.id}`, userIds: [assignee.userId], about: current.email } : undefined,
      },
    };
  });
  return { message: `Appointment moved to ${when(result.appointment)}.`, data: toView(result.appointment) };
});
