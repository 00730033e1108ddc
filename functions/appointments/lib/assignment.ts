// Assigning appointments: only to members of the caller's organisation who may read appointments;
// the assignee is told by a notification (unless they assigned it to themselves), written with the
// assignment as an outbox row.
import { can } from '#shared/permissions';
import type { Caller } from '#http/authorise';
import { badRequest } from '#lib/errors';
import { assignedCountUpdate, assigneePointerDelete, assigneePointerPut, type Appointment } from '../../data/appointments';
import { getMembership } from '../../data/members';
import { memberName } from '#domain/appointments/actors';
import type { Change } from './change';
import { when } from '#domain/appointments/views';

export const NOT_A_MEMBER = 'You can only assign appointments to members of your organisation.';

export async function assigneeFor(orgId: string, userId: string): Promise<{ userId: string; name: string }> {
  const member = await getMembership(orgId, userId);
  if (!member) throw badRequest(NOT_A_MEMBER, { userId: NOT_A_MEMBER });
  if (!can(member, 'Appointment', 'read')) {
    const message = `${memberName(member)} cannot see appointments. Give them Appointment read first.`;
    throw badRequest(message, { userId: message });
  }
  return { userId, name: memberName(member) };
}

/** The change that makes `to` the assignee of `current` (assign, or reassign when someone else has it). */
export function assignChange(caller: Caller, current: Appointment, to: { userId: string; name: string }): Change | { unchanged: string } {
  const from = current.assignee;
  if (from?.userId === to.userId) return { unchanged: `This appointment is already assigned to ${to.name}.` };
  return {
    next: { ...current, assignee: to },
    action: from ? 'reassigned' : 'assigned',
    summary: from ? `Reassigned from ${from.name} to ${to.name}` : `Assigned to ${to.name}`,
    from: from?.userId,
    to: to.userId,
    items: [
      ...(from ? [assigneePointerDelete(current, from.userId), assignedCountUpdate(current.orgId, from.userId, -1)] : []),
      assigneePointerPut(current, to.userId),
      assignedCountUpdate(current.orgId, to.userId, 1),
    ],
    effects: {
      notice:
        to.userId === caller.userId
          ? undefined
          : { title: 'Appointment assigned to you', message: `${current.firstName} ${current.lastName}, ${when(current)}.`, link: `/appointments/${current.id}`, userIds: [to.userId], about: current.email },
    },
  };
}
