// The manage link a booking's mails carry: a new token per mail (its hash stored in the same
// transaction as the mail), valid until the booking starts, and the policy line that goes with it.
import { describeInZone } from '#shared/bookings/zone';
import { policyOf, type PatientPolicy } from '#shared/policy';
import { config } from '#lib/config';
import type { BookingRecord } from '../../data/bookings';
import type { TransactItem } from '../../data/core';
import { newManageToken } from '../../data/manage-tokens';

export interface ManageLink {
  url: string;
  /** The token's Put, for the transaction that writes the mail. */
  item: TransactItem;
  /** What the mail says about it. */
  text: string;
}

/** The public page of a token: the token in the fragment, so it reaches no server log or Referer. */
export const manageUrl = (token: string) => `${config.appUrl}/manage#${token}`;

const hoursText = (h: number) => `${h} hour${h === 1 ? '' : 's'} before the start`;

const untilText = (p: PatientPolicy) => (p.cancellationCutoffHours > 0 ? `until ${hoursText(p.cancellationCutoffHours)}` : 'until the start');

/**
 * A reminder's link states the real cut-off (issue 26): the moment changes close, in the booking's
 * zone, and whether that moment has passed when the mail goes (a reminder an hour before the start
 * under a 24-hour policy must not offer changes).
 */
export interface CutoffAt {
  now: Date;
  timeZone: string;
}

/** When changes close, as text, and whether they have; none when the policy allows changes until the start. */
function cutoff(p: PatientPolicy, startUtc: string, at: CutoffAt | undefined): { closed: boolean; text: string } | undefined {
  if (!at || p.cancellationCutoffHours <= 0) return undefined;
  const ms = Date.parse(startUtc) - p.cancellationCutoffHours * 3_600_000;
  const w = describeInZone(ms, at.timeZone);
  return { closed: at.now.getTime() >= ms, text: `${w.date} at ${w.time} ${w.zoneAbbreviation} (${hoursText(p.cancellationCutoffHours)})` };
}

const refundText = (p: PatientPolicy) => (p.cancellationRefund === 'full' ? 'a cancellation is refunded in full' : 'a cancellation is not refunded');

export function policyText(p: PatientPolicy, orgName: string): string {
  return `You can reschedule or cancel ${untilText(p)}; ${refundText(p)}. After that, please contact ${orgName}.`;
}

/** An appointment's link: the patient may cancel it (rescheduling an appointment is arranged with the clinic). */
export function appointmentManageLink(a: { orgId: string; id: string }, startUtc: string, org: ({ name: string } & Partial<PatientPolicy>) | undefined, at?: CutoffAt): ManageLink {
  const { token, item } = newManageToken(a.orgId, { appointmentId: a.id }, startUtc);
  const url = manageUrl(token);
  const name = org?.name ?? 'the clinic';
  const p = policyOf(org ?? {});
  const c = cutoff(p, startUtc, at);
  if (c?.closed) return { url, item, text: `Your appointment: ${url}\nCancelling online closed on ${c.text}. To cancel or change the time, please contact ${name}.` };
  return { url, item, text: `To cancel: ${url}\nYou can cancel ${c ? `until ${c.text}` : untilText(p)}. To change the time, please contact ${name}.` };
}

/** `at`: state the cut-off as a moment, and say so when it has passed (reminders). */
export function manageLink(b: Pick<BookingRecord, 'orgId' | 'id' | 'startUtc'>, org: ({ name: string } & Partial<PatientPolicy>) | undefined, at?: CutoffAt): ManageLink {
  const { token, item } = newManageToken(b.orgId, { bookingId: b.id }, b.startUtc);
  const url = manageUrl(token);
  const name = org?.name ?? 'the clinic';
  const p = policyOf(org ?? {});
  const c = cutoff(p, b.startUtc, at);
  if (c?.closed) return { url, item, text: `Your booking: ${url}\nChanges online closed on ${c.text}. To reschedule or cancel, please contact ${name}.` };
  if (c) return { url, item, text: `To reschedule or cancel: ${url}\nYou can reschedule or cancel until ${c.text}; ${refundText(p)}. After that, please contact ${name}.` };
  return { url, item, text: `To reschedule or cancel: ${url}\n${policyText(p, name)}` };
}
