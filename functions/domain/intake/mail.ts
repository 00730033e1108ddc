// The intake by mail (issue 36): when a booking whose package asks its form 'by_mail' is confirmed, the
// patient gets a mail in their language with a link to answer it before the visit (a token of its own,
// data/intake.ts), and a reminder INTAKE_REMINDER_HOURS before the start while it is not answered (the
// reminder sweep's 'intake' kind: functions/domain/reminders/sweep.ts). The mail, its token and the
// reminder are written in one transaction under ids derived from the booking, so the event delivered
// twice sends one mail.
import { patientLocale, type Locale } from '#shared/i18n/locales';
import type { Mail } from '#lib/mail';
import { config } from '#lib/config';
import { greetingIn, patientTexts } from '#lib/i18n';
import { getBookingPackage } from '../../data/booking-packages';
import { bookingStillAtItem, getBooking, type BookingRecord } from '../../data/bookings';
import { failedConditions, isConditionFailure, transact, type TransactItem } from '../../data/core';
import { notErasedSince } from '../../data/erasures';
import { newIntakeToken } from '../../data/intake';
import { getOrganization, type Organization } from '../../data/organizations';
import { outboxMail } from '../../data/outbox';
import { reminderItems, type Reminder } from '../../data/reminders';
import { whenText } from '#domain/bookings/mail';
import { defineSubscriber } from '#domain/events/subscriber';
import { intakeFormOf } from './package-form';

/** The reminder goes this long before the visit (Jane's and Acuity's default: two days). */
export const INTAKE_REMINDER_HOURS = 48;
/** No reminder when it would come within this many hours of the first mail. */
const REMINDER_GAP_HOURS = 12;

/** The page of a token: in the fragment (no server log, no Referer), the mail's language in the query, as the manage link. */
export const intakeUrl = (token: string, locale?: Locale | null) => `${config.appUrl}/intake${locale ? `?lang=${locale}` : ''}#${token}`;

/** The token stays valid a week past the start as mailed (a move later keeps it working; the visit being past is checked on use). */
const tokenExpiry = (startUtc: string) => new Date(Date.parse(startUtc) + 7 * 86_400_000).toISOString();

/** The mail asking for the answers (or reminding of them), in the patient's language. */
export function intakeMail(b: BookingRecord, org: Pick<Organization, 'name' | 'defaultLanguage'>, formName: string, url: string, reminder: boolean): Mail {
  const locale = patientLocale(b.locale ?? org.defaultLanguage);
  const t = patientTexts(locale);
  const when = whenText(b, locale);
  const values = { clinic: org.name, form: formName, when: when.short, url };
  return {
    to: b.email,
    fromClinic: true,
    locale,
    subject: t(reminder ? 'intake.reminderSubject' : 'intake.subject', values),
    text: [greetingIn(t, b.firstName), t(reminder ? 'intake.reminderIntro' : 'intake.intro', values), t('intake.link', values), t('line.reference', { value: b.id })].join('\n\n'),
  };
}

/** Whether a booking is still waiting for its by-mail intake: confirmed, ahead, not answered. */
const waiting = (b: BookingRecord | undefined, now: Date): b is BookingRecord =>
  Boolean(b && b.status === 'confirmed' && !b.intakeSubmissionId && Date.parse(b.startUtc) > now.getTime());

/** The outbox id of a booking's first intake mail. */
export const intakeMailRowId = (b: Pick<BookingRecord, 'orgId' | 'id'>) => `intake-mail-${b.orgId}-${b.id}`;

/** Sends the intake mail of a confirmed booking whose package asks its form by mail (once), with its reminder. */
export async function sendIntakeMail(orgId: string, bookingId: string, now = new Date(), asOf?: string): Promise<'sent' | 'not-asked' | 'already'> {
  const b = await getBooking(orgId, bookingId);
  if (!waiting(b, now) || !b.email) return 'not-asked';
  const [pkg, org] = await Promise.all([getBookingPackage(orgId, b.packageId), getOrganization(orgId)]);
  const intake = pkg ? await intakeFormOf(pkg) : undefined;
  if (!intake || intake.timing !== 'by_mail' || !org) return 'not-asked';
  const { token, item } = newIntakeToken(orgId, b.id, tokenExpiry(b.startUtc), now);
  const dueMs = Date.parse(b.startUtc) - INTAKE_REMINDER_HOURS * 3_600_000;
  const reminder = dueMs - now.getTime() >= REMINDER_GAP_HOURS * 3_600_000 ? reminderItems({ orgId, kind: 'intake', targetId: b.id, startUtc: b.startUtc }, INTAKE_REMINDER_HOURS, now) : [];
  // `asOf`: the event's time. A patient erased since (the row was held while the erase ran) is not mailed:
  // the mail's transaction checks their erasure marks (no read of them before it: erased people are rare).
  const checks = asOf ? notErasedSince(orgId, { email: b.email, phone: b.phoneNumber }, asOf) : [];
  try {
    await transact([...checks, outboxMail(intakeMailRowId(b), intakeMail(b, org, intake.form.name, intakeUrl(token, b.locale), false), orgId), item, ...reminder]);
    return 'sent';
  } catch (error) {
    if (failedConditions(error).some((i) => i < checks.length)) return 'not-asked';
    // The outbox row's condition makes a second delivery of the event write nothing.
    if (isConditionFailure(error)) return 'already';
    throw error;
  }
}

/** booking-confirmed: the intake mail of a package that asks its form by mail. */
export const intakeMailSubscriber = defineSubscriber({
  name: 'intake-mail',
  events: ['booking-confirmed'],
  async handle(event) {
    await sendIntakeMail(event.orgId, event.bookingId, new Date(), event.at);
  },
});

/**
 * The reminder sweep's rows for an intake reminder (`rowId`: its mail's outbox id): none when the
 * booking was answered, cancelled, moved or is past, or its package no longer asks by mail.
 */
export async function intakeReminderRows(r: Reminder, org: Organization, now: Date, rowId: string): Promise<TransactItem[] | undefined> {
  const b = await getBooking(r.orgId, r.targetId);
  if (!waiting(b, now) || b.startUtc !== r.startUtc) return undefined;
  const pkg = await getBookingPackage(r.orgId, b.packageId);
  const intake = pkg ? await intakeFormOf(pkg) : undefined;
  if (!intake || intake.timing !== 'by_mail') return undefined;
  const { token, item } = newIntakeToken(r.orgId, b.id, tokenExpiry(b.startUtc), now);
  return [bookingStillAtItem(b), item, outboxMail(rowId, intakeMail(b, org, intake.form.name, intakeUrl(token, b.locale), true), r.orgId)];
}
