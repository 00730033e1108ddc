// The manage link a booking's mails carry: a new token per mail (its hash stored in the same
// transaction as the mail), valid until the booking starts, and the policy line that goes with it.
import { describeInstant } from '#shared/bookings/slots';
import { policyOf, type PatientPolicy } from '#shared/policy';
import { intlLocale, type Locale } from '#shared/i18n/locales';
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

/**
 * The public page of a token: the token in the fragment, so it reaches no server log or Referer; the
 * patient's language in the query (`?lang=`), so the page opens in the mail's language whatever the
 * browser's (issue 34).
 */
export const manageUrl = (token: string, locale?: Locale | null) => `${config.appUrl}/manage${locale ? `?lang=${locale}` : ''}#${token}`;

/**
 * A reminder's link states the real cut-off (issue 26): the moment changes close, in the booking's
 * zone and the patient's language, and whether that moment has passed when the mail goes (a reminder
 * an hour before the start under a 24-hour policy must not offer changes).
 */
export interface CutoffAt {
  now: Date;
  timeZone: string;
}

/** When changes close, as text in the patient's language, and whether they have; none when changes are allowed until the start. */
function cutoff(p: PatientPolicy, startUtc: string, at: CutoffAt | undefined, locale: Locale | null | undefined): { closed: boolean; moment: string } | undefined {
  if (!at || p.cancellationCutoffHours <= 0) return undefined;
  const ms = Date.parse(startUtc) - p.cancellationCutoffHours * 3_600_000;
  const w = describeInstant(new Date(ms).toISOString(), at.timeZone, intlLocale(locale));
  return { closed: at.now.getTime() >= ms, moment: patientTexts(locale)('when.short', { date: w.date, time: w.time, zone: w.zoneAbbreviation }) };
}

/** The policy line of a booking's mails, in the patient's language (`locale`; English without). */
export function policyText(p: PatientPolicy, orgName: string, locale?: Locale | null): string {
  return patientTexts(locale)('policy.booking', { hours: p.cancellationCutoffHours, refund: p.cancellationRefund, clinic: orgName });
}

/** An appointment's link: the patient may cancel it (rescheduling an appointment is arranged with the clinic). `at`: as of a reminder. */
export function appointmentManageLink(a: { orgId: string; id: string; locale?: Locale }, startUtc: string, org: ({ name: string } & Partial<PatientPolicy>) | undefined, at?: CutoffAt): ManageLink {
  const { token, item } = newManageToken(a.orgId, { appointmentId: a.id }, startUtc);
  const url = manageUrl(token, a.locale);
  const t = patientTexts(a.locale);
  const name = org?.name ?? t('clinic.fallback');
  const p = policyOf(org ?? {});
  const c = cutoff(p, startUtc, at, a.locale);
  if (c?.closed) return { url, item, text: `${t('manage.appointmentOnly', { url })}\n${t('policy.appointmentClosed', { moment: c.moment, clinic: name })}` };
  const policy = c ? t('policy.appointmentAt', { moment: c.moment, clinic: name }) : t('policy.appointment', { hours: p.cancellationCutoffHours, clinic: name });
  return { url, item, text: `${t('manage.appointment', { url })}\n${policy}` };
}

/** `at`: state the cut-off as a moment, and say so when it has passed (reminders). */
export function manageLink(b: Pick<BookingRecord, 'orgId' | 'id' | 'startUtc' | 'locale'> & Partial<Pick<BookingRecord, 'paymentPolicy'>>, org: ({ name: string } & Partial<PatientPolicy>) | undefined, at?: CutoffAt): ManageLink {
  const { token, item } = newManageToken(b.orgId, { bookingId: b.id }, b.startUtc);
  const url = manageUrl(token, b.locale);
  const t = patientTexts(b.locale);
  const name = org?.name ?? t('clinic.fallback');
  const p = policyOf(org ?? {});
  const c = cutoff(p, b.startUtc, at, b.locale);
  if (c?.closed) return { url, item, text: `${t('manage.bookingOnly', { url })}\n${t('policy.bookingClosed', { moment: c.moment, clinic: name })}` };
  // Nothing paid online (paid at the clinic, a card held): no refund to promise or deny (issue 36).
  const unpaid = b.paymentPolicy?.dueNowMinor === 0;
  const policy = unpaid
    ? c ? t('pay.policyAt', { moment: c.moment, clinic: name }) : t('pay.policy', { hours: p.cancellationCutoffHours, clinic: name })
    : c ? t('policy.bookingAt', { moment: c.moment, refund: p.cancellationRefund, clinic: name }) : policyText(p, name, b.locale);
  return { url, item, text: `${t('manage.booking', { url })}\n${policy}` };
}
