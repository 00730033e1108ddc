// Step three, Continue to payment: checks the form, gives back or resumes a hold waiting for payment,
// sends the booking (one idempotency key per booking, with the connection check) and opens Checkout in
// this tab, keeping the hold and the form for the way back. What the visitor is told on the way (the
// redirect toast, the success line, the top error) is held here.
import { useEffect, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { BOOKING_FIELDS, bookingPayload, validateBookingForm, type BookingField, type BookingFormValues } from '#shared/bookings/form';
import { failureText } from '../../lib/api';
import { checkoutNavigation } from '../../lib/checkout';
import { useChallenge } from '../../lib/challenge';
import { useIdempotencyKeys } from '../../lib/idempotency';
import { useI18n } from '../../i18n/i18n';
import { ruleMessage } from '../../i18n/rules';
import { createBooking } from './api';
import type { ReplyOf } from '#shared/api-contract';

type BookingConfirmation = ReplyOf<'POST /bookings/confirmation'>;
import { rememberHold, requestOf, usePendingHold } from './pending-hold';
import type { IntakeAnswers } from './intake/use-intake';
import { createPatientSeries, seriesBody, seriesHold } from './series/series-api';
import type { SeriesPlan } from './series/use-series';

export type BookingErrors = Partial<Record<BookingField, string>>;

const scrollToTop = () => window.scrollTo({ top: 0, behavior: 'smooth' });

export function useBookingSubmit({ apiKey, values, practitioner, practitionerId, setErrors, setSubmitted, intake, series }: {
  apiKey: string;
  values: BookingFormValues;
  /** The practitioner asked for ('any' or an id), kept with the form for the way back. */
  practitioner: string;
  /** What the booking sends ('' for none). */
  practitionerId: string;
  setErrors: (errors: BookingErrors) => void;
  setSubmitted: (submitted: boolean) => void;
  /** The package's intake step (issue 36): its answers (null: not right yet), and the server's refusals of them. */
  intake?: { collect: () => Promise<IntakeAnswers | null | undefined>; showServer: (errors: Record<string, string>) => void };
  /** The series step (issue 37.1): the visits to book instead of one (undefined: one visit; null: not ready), and its preview asked again. */
  series?: { plan: () => SeriesPlan | null | undefined; refresh: () => void };
}) {
  const { t, locale } = useI18n();
  const [rootError, setRootError] = useState<string>();
  const [success, setSuccess] = useState<string>();
  const [isSubmitting, setSubmitting] = useState(false);
  const [toast, setToast] = useState<string>();
  const [confirmed, setConfirmed] = useState<BookingConfirmation>();
  const { mutate } = useSWRConfig();
  const mounted = useRef(true);
  useEffect(() => () => void (mounted.current = false), []);
  /** One key per booking the visitor sends: a retry of the same booking never holds a second place. */
  const keys = useIdempotencyKeys();
  /** The connection check the booking is sent with (solved in the background, issue 28), from the visitor's first input on. */
  const challenge = useChallenge('booking', apiKey || undefined, 'first-input');
  /** The visitor's hold waiting for payment; back from Checkout through the browser's cache, the redirect notices go. */
  const hold = usePendingHold(apiKey, () => {
    setSuccess(undefined);
    setToast(undefined);
    setSubmitting(false);
  });

  /** The server's answer when it holds no time: its field messages, or the top message. */
  const refused = (result: Awaited<ReturnType<typeof createBooking>> | Awaited<ReturnType<typeof createPatientSeries>>) => {
    const serverErrors: BookingErrors = {};
    for (const [field, message] of Object.entries(result.data.errors ?? {})) {
      if ((BOOKING_FIELDS as readonly string[]).includes(field)) serverErrors[field as BookingField] = message;
    }
    setErrors(serverErrors);
    intake?.showServer(result.data.errors ?? {});
    // Field errors are listed above the form; the top message is for what no field explains.
    if (Object.keys(serverErrors).length === 0) setRootError(ruleMessage(t, failureText(result, t('booking.failed'))));
    // Taken by someone else meanwhile (a waitlist offer told to everyone: the first to book wins): the
    // day's and month's free times read again, so the taken time goes and the next free ones show.
    if (result.responseCode === 409) void mutate((key) => Array.isArray(key) && (key[0] === 'booking-day' || key[0] === 'booking-days'));
    scrollToTop();
  };

  /** A series (issue 37.1): held whole and paid as one course, or confirmed at once when paid at the clinic. */
  const sendSeries = async (plan: SeriesPlan, request: string, answers: IntakeAnswers | undefined) => {
    const body = seriesBody({ apiKey, values, plan, locale, practitionerId, answers });
    const result = await createPatientSeries(body, keys.keyFor(body), await challenge.take());
    const held = result.success ? result.data.data : undefined;
    if (held?.confirmation) {
      keys.forget();
      setConfirmed(held.confirmation);
      scrollToTop();
    } else if (!held?.checkoutUrl) {
      refused(result);
      // A time taken meanwhile: the visits checked again, so the patient picks again.
      if (result.responseCode === 409) series?.refresh();
    } else {
      keys.forget();
      // The first visit names the series' hold: given back, every held visit goes with it (release-hold).
      // The plan kept with the form: back from Checkout, the series step comes back as sent.
      rememberHold(apiKey, seriesHold(held, request, plan.everyWeeks), { values, practitioner, series: plan });
      setToast(t('booking.redirect'));
      setSuccess(t('booking.success'));
      setErrors({});
      setSubmitted(false);
      checkoutNavigation.go(held.checkoutUrl);
    }
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setRootError(undefined);
    const found = validateBookingForm(values);
    setErrors(found);
    // The intake's answers are checked at the same time, so every message shows at once.
    const answers = await intake?.collect();
    const plan = series?.plan();
    if (Object.keys(found).length || answers === null || plan === null) {
      scrollToTop();
      return;
    }
    setSuccess(undefined);
    setSubmitting(true);
    try {
      // A hold waiting for payment: the same booking resumes its checkout; another gives it back first.
      // A series is another request than its first visit alone (its visits are part of it).
      const request = requestOf({ ...values, practitionerId }) + (plan ? JSON.stringify(plan) : '');
      const before = await hold.beforeContinue(request);
      if (before === 'paid') {
        scrollToTop();
        return;
      }
      if (before !== 'go') {
        setToast(t('booking.redirect'));
        checkoutNavigation.go(before.resume);
        return;
      }
      if (plan) {
        await sendSeries(plan, request, answers);
        return;
      }
      // The page's language goes with the booking: its mails, Checkout and the manage page use it.
      const booking = { ...bookingPayload(values), apiKey, locale, ...(practitionerId ? { practitionerId } : {}), ...(answers ? { intake: answers } : {}) };
      const result = await createBooking(booking, keys.keyFor(booking), await challenge.take());
      // Nothing to pay online: confirmed at once, its confirmation shown here.
      const atOnce = result.success ? result.data.data?.confirmation : undefined;
      if (atOnce) {
        keys.forget();
        setConfirmed(atOnce);
        scrollToTop();
        return;
      }
      const url = result.data.data?.checkoutUrl;
      if (!result.success || !url) {
        refused(result);
        return;
      }
      keys.forget();
      const held = result.data.data!;
      // Kept for the way back (cancelled, the back button, the page opened again): resume or give back,
      // the form as it was. Checkout opens in this tab: nothing for a phone to block, no tab left behind.
      rememberHold(
        apiKey,
        { bookingId: held.bookingId, releaseToken: held.releaseToken, checkoutUrl: url, holdExpiresAt: held.holdExpiresAt ?? '', packageName: held.packageName, startUtc: held.startUtc, timeZone: held.timeZone, request },
        { values, practitioner },
      );
      setToast(t('booking.redirect'));
      setSuccess(t('booking.success'));
      setErrors({});
      setSubmitted(false);
      checkoutNavigation.go(url);
    } catch {
      setRootError(t('booking.offline'));
      scrollToTop();
    } finally {
      if (mounted.current) setSubmitting(false);
    }
  };

  return { submit, isSubmitting, rootError, success, toast, closeToast: () => setToast(undefined), hold, challenge, confirmed };
}
