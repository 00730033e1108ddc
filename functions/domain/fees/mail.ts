// The patient's mail when their bank wants them to confirm a fee themselves (3-D Secure on an
// off-session charge): what the fee is for, as they agreed when booking, and the secure payment page
// (a Stripe Checkout on their own Customer) where they authenticate and pay. In their language.
import type { BookingFee } from '#shared/bookings/visit';
import { greetingIn, patientTexts } from '#lib/i18n';
import type { Mail } from '#lib/mail';
import { patientLocale } from '#shared/i18n/locales';
import type { BookingRecord } from '../../data/bookings';
import { patientMoney, whenText } from '#domain/bookings/mail';

export function feeAuthenticationMail(b: BookingRecord, fee: BookingFee, org: { name: string } | undefined): Mail {
  const t = patientTexts(b.locale);
  const clinic = org?.name ?? t('clinic.fallback');
  const when = whenText(b, b.locale);
  const amount = patientMoney(b, fee.amountMinor);
  return {
    to: b.email,
    fromClinic: true,
    locale: patientLocale(b.locale),
    subject: t('fee.authSubject', { clinic }),
    text: [
      greetingIn(t, b.firstName),
      t(fee.kind === 'no_show' ? 'fee.noShow' : 'fee.lateCancel', { clinic, package: b.packageName, date: when.date, time: when.time, amount }),
      t('fee.authAsk', { url: fee.authenticationUrl ?? '' }),
      t('fee.authExpires', { clinic }),
      t('line.reference', { value: b.id }),
    ].join('\n\n'),
  };
}
