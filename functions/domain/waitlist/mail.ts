// The waitlist's mails and text messages to the patient, in their language (the entry's locale, else
// the clinic's): joining (what they wait for, with the leave link), and an offer (the time, until when
// it is held or open, the link that books it, and the leave link). Every mail carries a leave link.
import { intlLocale, localeOf, patientLocale } from '#shared/i18n/locales';
import { currencyOf } from '#shared/currency';
import { config } from '#lib/config';
import { greetingIn, patientTexts, withArgs } from '#lib/i18n';
import type { Mail } from '#lib/mail';
import type { WaitlistEntry, WaitlistOffer } from '../../data/waitlist';
import type { PaymentPolicy } from '#shared/bookings/payment-policy';
import { patientMoney, whenText } from '../bookings/mail';

/** The booking page's address with the waitlist's own parameters (the page shows the offer or the leave step). */
export function waitlistLink(apiKey: string, kind: 'offer' | 'leave', id: string, token: string, locale: string | null | undefined): string {
  const query = new URLSearchParams({ [kind === 'offer' ? 'waitlistOffer' : 'waitlistLeave']: id, token });
  if (locale) query.set('lang', locale);
  return `${config.appUrl}/booking/${encodeURIComponent(apiKey)}?${query.toString()}`;
}

/** 'Monday, Wednesday' in the patient's language (ISO weekdays: 1 Monday). */
function dayNames(days: readonly number[], locale: string | null | undefined): string {
  // 2024-01-01 was a Monday.
  const name = new Intl.DateTimeFormat(intlLocale(locale), { weekday: 'long', timeZone: 'UTC' });
  return [...days].sort().map((d) => name.format(new Date(Date.UTC(2024, 0, d)))).join(', ');
}

/** A date such as 2030-01-31 as the patient reads it. */
const dateText = (date: string, locale: string | null | undefined) =>
  new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));

/** The mail that says the patient is on the list, and how to leave it. */
export function joinedMail(e: WaitlistEntry, clinic: string, leave: string): Mail {
  const t = patientTexts(e.locale);
  return {
    to: e.email,
    fromClinic: true,
    locale: patientLocale(e.locale),
    subject: t('waitlist.joinedSubject', { clinic }),
    text: [
      greetingIn(t, e.firstName),
      t('waitlist.joined', { package: e.packageName, until: dateText(e.until, e.locale), ...withArgs(e.practitionerName) }),
      [t('waitlist.days', { days: dayNames(e.days, e.locale) }), t('waitlist.hours', { from: e.fromTime, to: e.toTime })].join('\n'),
      t('waitlist.leave', { link: leave }),
    ].join('\n\n'),
  };
}

/**
 * What the offer costs, as the patient pays it when booking it: the price (paid in full now), or, for a
 * package paid otherwise, what is due now (a deposit, nothing for a held card or a payment at the clinic).
 */
function priceLine(t: ReturnType<typeof patientTexts>, o: WaitlistOffer, locale: string | null | undefined, policy?: Pick<PaymentPolicy, 'mode' | 'dueNowMinor' | 'dueAtVisitMinor'>): string {
  const money = { currency: o.currency, locale: localeOf(locale), timeZone: o.timeZone };
  const values = { price: patientMoney(money, o.priceMinor), currency: currencyOf(o.currency).toUpperCase() };
  if (policy?.mode === 'deposit') return t('waitlist.dueDeposit', { ...values, amount: patientMoney(money, policy.dueNowMinor), due: patientMoney(money, policy.dueAtVisitMinor) });
  if (policy?.mode === 'card_on_file') return t('waitlist.dueCard', values);
  if (policy?.mode === 'at_clinic') return t('waitlist.dueAtClinic', values);
  return t('waitlist.price', values);
}

/** The offer's mail (and its text message): the time, until when, what is due to book it, the link that books it, the leave link. */
export function offerMessages(o: WaitlistOffer, e: WaitlistEntry, clinic: string, links: { book: string; leave: string }, policy?: Pick<PaymentPolicy, 'mode' | 'dueNowMinor' | 'dueAtVisitMinor'>): { mail: Mail; sms: string } {
  const t = patientTexts(e.locale);
  const when = whenText(o, e.locale);
  const until = whenText({ startUtc: o.expiresAt, timeZone: o.timeZone }, e.locale).short;
  const values = { clinic, package: o.packageName, when: when.short, until, ...withArgs(o.practitionerName) };
  return {
    mail: {
      to: e.email,
      fromClinic: true,
      locale: patientLocale(e.locale),
      subject: t('waitlist.offerSubject', values),
      text: [
        greetingIn(t, e.firstName),
        t(o.mode === 'one-by-one' ? 'waitlist.offerHeld' : 'waitlist.offerAll', values),
        [t('line.date', { value: when.date }), t('line.time', { value: when.time }), priceLine(t, o, e.locale, policy)].join('\n'),
        t('waitlist.book', { link: links.book }),
        t('waitlist.stay'),
        t('waitlist.leave', { link: links.leave }),
      ].join('\n\n'),
    },
    sms: t('waitlist.offerSms', { ...values, link: links.book }),
  };
}
