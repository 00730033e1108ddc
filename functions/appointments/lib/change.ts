// Every change to an existing appointment goes through here: read it, refuse a change based on an
// older version, then write the new state conditional on the version read, with its log entry, audit
// entry and the mail and notice it causes in the same transaction (data/appointments.ts
// saveAppointmentChange). Two staff changing one appointment at once: one wins, the other gets 409
// and nothing of theirs is written, nor told to anyone.
import type { Caller } from '#http/authorise';
import { conflict, notFound } from '#lib/errors';
import { getAppointment, saveAppointmentChange, type Appointment, type AppointmentLogEntry } from '../../data/appointments';
import type { TransactItem } from '../../data/core';
import type { Effects } from '../../data/effects';
import { callerName } from '#domain/appointments/actors';

export const STALE = 'This appointment was changed by someone else. Reload and try again.';

export interface Change {
  next: Appointment;
  action: AppointmentLogEntry['action'];
  summary: string;
  from?: string;
  to?: string;
  /** More items for the same transaction (assignee pointers). */
  items?: TransactItem[];
  /** Who is told: the patient by mail, staff by a notice. */
  effects?: Effects;
  /** A webhook event of the change (./events.ts), built from the appointment as saved. */
  event?: (next: Appointment) => Promise<TransactItem[]>;
}

export async function loadAppointment(orgId: string, id: string): Promise<Appointment> {
  const appointment = await getAppointment(orgId, id);
  if (!appointment) throw notFound('Appointment not found.');
  return appointment;
}

/**
 * Applies `decide` to the current appointment. `decide` returns the change, or a message when there
 * is nothing to change (the answer is then 200 with that message and nothing is written).
 */
export async function changeAppointment(
  caller: Caller,
  id: string,
  expectedVersion: number | undefined,
  decide: (current: Appointment) => Change | { unchanged: string },
): Promise<{ appointment: Appointment; previous: Appointment; changed: boolean; message?: string }> {
  const current = await loadAppointment(caller.orgId, id);
  if (expectedVersion !== undefined && expectedVersion !== current.version) throw conflict(STALE);
  const change = decide(current);
  if ('unchanged' in change) return { appointment: current, previous: current, changed: false, message: change.unchanged };
  const now = new Date().toISOString();
  const next: Appointment = { ...change.next, updatedAt: now, version: current.version + 1 };
  const name = await callerName(caller);
  const saved = await saveAppointmentChange({
    previous: current,
    next,
    log: { appointmentId: id, at: now, actorId: caller.userId, actorName: name, action: change.action, summary: change.summary, from: change.from, to: change.to },
    audit: { orgId: caller.orgId, actorId: caller.userId, module: 'Appointment', action: 'update', recordType: 'appointment', recordId: id, summary: `${change.summary} (${current.firstName} ${current.lastName})`, at: now },
    items: [...(change.items ?? []), ...(change.event ? await change.event(next) : [])],
    effects: change.effects,
  });
  if (!saved) throw conflict(STALE);
  return { appointment: next, previous: current, changed: true };
}
