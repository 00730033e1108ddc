// Domain: reminders. The reminder sweep (sweep) and what a reminder says (messages), run by the
// scheduled sweeps (outbox/sweeps.ts).
//
// The reminder sweep: sends the reminders that are due, each exactly once. Runs with the scheduled
// sweeps (every minute in AWS, functions/outbox/sweeps.ts; on a timer locally), so it needs no
// per-booking schedule to create or delete.
//
// Why a sweep over a due index rather than an EventBridge Scheduler schedule per booking: a move or a
// cancellation would have to update or delete that schedule outside the booking's transaction (a
// crash in between leaves a reminder for the old time); here the reminder item is written in the
// transaction that fixes the time, and the sweep checks the booking again before it sends.
//
// Each due reminder: the booking or appointment is read; unless it is still confirmed at the time the
// reminder is for, still ahead, and the clinic still sends reminders, the reminder is dropped. Else ONE
// transaction writes its mail (and SMS where the clinic turned them on and there is a phone number) as
// outbox rows under ids derived from the booking and its time, marks the reminder sent (conditional
// on it being the one read) and checks the booking is unchanged: two sweeps at once, or a move or
// cancellation at the same moment, cannot make a second reminder or one for an old time.
import { policyOf } from '#shared/policy';
import { appointmentStartUtc } from '#domain/appointments/when';
import { appointmentManageLink, manageLink } from '#domain/bookings/manage-link';
import { appointmentStillAtItem, getAppointment } from '../../data/appointments';
import { bookingStillAtItem, getBooking } from '../../data/bookings';
import { tryTransact, type TransactItem } from '../../data/core';
import { getOrganization, type Organization } from '../../data/organizations';
import { outboxMail, outboxSms } from '../../data/outbox';
import { practitionerOf } from '../../data/practitioner-names';
import { dropReminder, listDueReminders, reminderSentItem, type Reminder } from '../../data/reminders';
import { appointmentReminder, bookingReminder } from './messages';
import { intakeReminderRows } from '#domain/intake/mail';

const PAGE = 25;
const MAX_PER_SWEEP = 500;

export interface ReminderSweepResult {
  sent: number;
  dropped: number;
}

/** The outbox id of a reminder's message: one per booking or appointment and start time. */
export const reminderRowId = (r: Reminder, channel: 'mail' | 'sms') => `reminder-${channel}-${r.orgId}-${r.kind}-${r.targetId}-${r.startUtc}`;

async function rowsFor(r: Reminder, org: Organization, now: Date): Promise<TransactItem[] | undefined> {
  // An intake form not answered yet (issue 36): asked whatever the clinic's visit reminders are.
  if (r.kind === 'intake') return intakeReminderRows(r, org, now, reminderRowId(r, 'mail'));
  const policy = policyOf(org);
  if (policy.reminderHours <= 0) return undefined;
  if (r.kind === 'booking') {
    const b = await getBooking(r.orgId, r.targetId);
    if (!b || b.status !== 'confirmed' || b.startUtc !== r.startUtc || Date.parse(b.startUtc) <= now.getTime()) return undefined;
    const manage = manageLink(b, org, { now, timeZone: b.timeZone });
    const message = bookingReminder(b, org, manage.text);
    return [
      bookingStillAtItem(b),
      manage.item,
      outboxMail(reminderRowId(r, 'mail'), message.mail, r.orgId),
      ...(policy.reminderSms && b.phoneNumber ? [outboxSms(reminderRowId(r, 'sms'), { to: b.phoneNumber, message: message.sms, senderName: org.name }, r.orgId)] : []),
    ];
  }
  const a = await getAppointment(r.orgId, r.targetId);
  if (!a || a.status !== 'confirmed' || appointmentStartUtc(a, org.timeZone) !== r.startUtc || Date.parse(r.startUtc) <= now.getTime()) return undefined;
  const manage = appointmentManageLink(a, r.startUtc, org, { now, timeZone: org.timeZone });
  const message = appointmentReminder(a, org, manage.text, await practitionerOf(a));
  return [
    appointmentStillAtItem(a),
    manage.item,
    outboxMail(reminderRowId(r, 'mail'), message.mail, r.orgId),
    ...(policy.reminderSms && a.phone ? [outboxSms(reminderRowId(r, 'sms'), { to: a.phone, message: message.sms, senderName: org.name }, r.orgId)] : []),
  ];
}

export async function sweepReminders(options: { now?: Date; timeLeft?: () => boolean } = {}): Promise<ReminderSweepResult> {
  const result: ReminderSweepResult = { sent: 0, dropped: 0 };
  const orgs = new Map<string, Organization | undefined>();
  const seen = new Set<string>();
  const timeLeft = options.timeLeft ?? (() => true);
  while (seen.size < MAX_PER_SWEEP && timeLeft()) {
    const now = options.now ?? new Date();
    // The due index is eventually consistent: a reminder just handled may still be listed; seen skips it.
    const due = (await listDueReminders(now, PAGE)).filter((r) => !seen.has(`${r.orgId}/${r.kind}/${r.targetId}/${r.dueAt}`));
    if (!due.length) break;
    for (const r of due) {
      if (!timeLeft()) break;
      seen.add(`${r.orgId}/${r.kind}/${r.targetId}/${r.dueAt}`);
      if (!orgs.has(r.orgId)) orgs.set(r.orgId, await getOrganization(r.orgId));
      const org = orgs.get(r.orgId);
      const rows = org ? await rowsFor(r, org, now) : undefined;
      if (!rows) {
        await dropReminder(r);
        result.dropped++;
        continue;
      }
      // False: sent by another sweep, or the booking changed at this moment (the next sweep decides anew).
      if (await tryTransact([reminderSentItem(r, now.toISOString()), ...rows])) result.sent++;
    }
  }
  return result;
}
