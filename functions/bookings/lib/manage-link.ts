// The manage link a booking's mails carry: a new token per mail (its hash stored in the same
// transaction as the mail), valid until the booking starts, and the policy line that goes with it.
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

const untilText = (p: PatientPolicy) =>
  p.cancellationCutoffHours > 0 ? `until ${p.cancellationCutoffHours} hour${p.cancellationCutoffHours === 1 ? '' : 's'} before the start` : 'until the start';

export function policyText(p: PatientPolicy, orgName: string): string {
  const refund = p.cancellationRefund === 'full' ? 'a cancellation is refunded in full' : 'a cancellation is not refunded';
  return `You can reschedule or cancel ${untilText(p)}; ${refund}. After that, please contact ${orgName}.`;
}

/** An appointment's link: the patient may cancel it (rescheduling an appointment is arranged with the clinic). */
export function appointmentManageLink(a: { orgId: string; id: string }, startUtc: string, org: ({ name: string } & Partial<PatientPolicy>) | undefined): ManageLink {
  const { token, item } = newManageToken(a.orgId, { appointmentId: a.id }, startUtc);
  const url = manageUrl(token);
  const name = org?.name ?? 'the clinic';
  return { url, item, text: `To cancel: ${url}\nYou can cancel ${untilText(policyOf(org ?? {}))}. To change the time, please contact ${name}.` };
}

export function manageLink(b: Pick<BookingRecord, 'orgId' | 'id' | 'startUtc'>, org: ({ name: string } & Partial<PatientPolicy>) | undefined): ManageLink {
  const { token, item } = newManageToken(b.orgId, { bookingId: b.id }, b.startUtc);
  const url = manageUrl(token);
  return { url, item, text: `To reschedule or cancel: ${url}\n${policyText(policyOf(org ?? {}), org?.name ?? 'the clinic')}` };
}
