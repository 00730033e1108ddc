// What a booking's mails say about its payment (issue 36), in the patient's language and the booking's
// currency: what was paid, what is due at the visit, the card held and the fees it may be charged, as
// the patient agreed to them (the booking's `paymentPolicy`). A booking paid in full (and every
// booking from before the choice) keeps its one line of before. Also what its checkout page names.
import { currencyOf, formatMoney } from '#shared/currency';
import { patientTexts, type PatientTranslate } from '#lib/i18n';
import { patientIntlTag } from '#lib/zone-region';
import type { BookingRecord } from '../../data/bookings';
import { whenText } from './when-text';

/** The card as the patient recognises it: 'Visa ending in 4242'. */
export const cardText = (t: PatientTranslate, card: { brand: string; last4: string }) =>
  t('pay.card', { brand: card.brand.charAt(0).toUpperCase() + card.brand.slice(1), last4: card.last4 });

/** The price and payment lines of a booking's confirmation, or undefined for a booking paid in full (its line of before). */
export function paymentLines(t: PatientTranslate, b: BookingRecord): string[] | undefined {
  const p = b.paymentPolicy;
  if (!p || p.mode === 'full') return undefined;
  // As mail.ts patientMoney (not imported: mail.ts imports this file): their language in the clinic's country.
  const money = (minor: number) => formatMoney(minor, currencyOf(b.currency), patientIntlTag(b.locale, b.timeZone));
  const price = { price: money(b.priceCents), currency: currencyOf(b.currency).toUpperCase() };
  const lines: string[] = [];
  if (p.mode === 'deposit') lines.push(t('pay.depositPaid', { ...price, paid: money(b.amountPaidCents ?? p.dueNowMinor), due: money(p.dueAtVisitMinor) }));
  else if (p.mode === 'card_on_file' && b.savedCard) lines.push(t('pay.cardHeld', { ...price, card: cardText(t, b.savedCard) }));
  else lines.push(t('pay.atClinic', price));
  if (p.noShowFeeMinor != null) lines.push(t('pay.noShowFee', { fee: money(p.noShowFeeMinor) }));
  if (p.lateCancelFeeMinor != null && p.cancellationWindowHours != null) lines.push(t('pay.lateCancelFee', { hours: p.cancellationWindowHours, fee: money(p.lateCancelFeeMinor) }));
  else if (p.cancellationWindowHours != null) lines.push(t('pay.window', { hours: p.cancellationWindowHours }));
  return lines;
}

/**
 * What Stripe's checkout page shows for a held booking, in the patient's language (the page's own is
 * theirs too): the package (or its deposit) at the clinic, and the visit's day and time as their mails
 * write it, with whom. It was '14:30 on 2026-12-09 (America/New_York)' in English for everyone.
 * Derived from the booking alone: a resumed request sends Stripe the same parameters.
 */
export function checkoutItem(b: BookingRecord, clinicName: string): { productName: string; description: string } {
  const t = patientTexts(b.locale);
  const when = whenText(b, b.locale).short;
  const name = b.paymentPolicy?.mode === 'deposit' ? t('pay.depositProduct', { package: b.packageName }) : b.packageName;
  const practitioner = b.practitionerName?.trim();
  return {
    productName: `${name} (${clinicName})`.slice(0, 250),
    description: (practitioner ? `${when} · ${t('ics.with', { name: practitioner })}` : when).slice(0, 500),
  };
}
