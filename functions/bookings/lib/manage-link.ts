// The manage link a booking's mails carry: a new token per mail (its hash stored in the same
// transaction as the mail), valid until the booking starts, and the policy line that goes with it.
import { policyOf, type PatientPolicy } from '#shared/policy';
import type { Locale } from '#shared/i18n/locales';
import { patientTexts } from '#lib/i18n';
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

/** The policy line of a booking's mails, in the patient's language (`locale`; English without). */
export function policyText(p: PatientPolicy, orgName: string, locale?: Locale | null): string {
  return patientTexts(locale)('policy.booking', { hours: p.cancellationCutoffHours, refund: p.cancellationRefund, clinic: orgName });
}

/** An appointment's link: the patient may cancel it (rescheduling an appointment is arranged with the clinic). */
export function appointmentManageLink(a: { orgId: string; id: string; locale?: Locale }, startUtc: string, org: ({ name: string } & Partial<PatientPolicy>) | undefined): ManageLink {
  const { token, item } = newManageToken(a.orgId, { appointmentId: a.id }, startUtc);
  const url = manageUrl(token);
  const t = patientTexts(a.locale);
  const name = org?.name ?? t('clinic.fallback');
  return { url, item, text: `${t('manage.appointment', { url })}\n${t('policy.appointment', { hours: policyOf(org ?? {}).cancellationCutoffHours, clinic: name })}` };
}

export function manageLink(b: Pick<BookingRecord, 'orgId' | 'id' | 'startUtc' | 'locale'>, org: ({ name: string } & Partial<PatientPolicy>) | undefined): ManageLink {
  const { token, item } = newManageToken(b.orgId, { bookingId: b.id }, b.startUtc);
  const url = manageUrl(token);
  const t = patientTexts(b.locale);
  return { url, item, text: `${t('manage.booking', { url })}\n${policyText(policyOf(org ?? {}), org?.name ?? t('clinic.fallback'), b.locale)}` };
}
