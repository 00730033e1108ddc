// room-integration/:apiKey: the clinic's public appointment request page (spec section 2; its content
// is not shown there). A visitor gives their details, the visit they want and, optionally, their
// insurance card and a referral; the clinic confirms later and the visitor is mailed at once. No
// console code here. The form is the console's (components/booking-form.tsx) in the page's language:
// its words from the catalogue, and the rules' and the API's messages through ruleMessage.
import { useMemo, useState } from 'react';
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_TYPES } from '#shared/appointments/form';
import useSWR from 'swr';
import { api, failureText } from '../../lib/api';
import { ChallengeStatus, useChallenge } from '../../lib/challenge';
import { useIdempotencyKeys } from '../../lib/idempotency';
import { BookingForm, serviceOption, type BookingFormTexts } from '../../components/booking-form';
import { useChallengeTexts, useClinicLocale, useI18n, type Translate } from '../../i18n/i18n';
import { ClinicBrandBar } from '../clinic-brand';
import { ruleMessage } from '../../i18n/rules';

const MB = ATTACHMENT_MAX_BYTES / 1024 / 1024;
const TYPES = Object.values(ATTACHMENT_TYPES).join(', ');

/** The booking form's words in the page's language. */
function requestFormTexts(t: Translate): BookingFormTexts {
  return {
    form: t('appointmentForm.form'),
    patient: t('appointmentForm.patient'),
    firstName: t('appointmentForm.firstName'),
    lastName: t('appointmentForm.lastName'),
    email: t('appointmentForm.email'),
    phone: t('appointmentForm.phone'),
    gender: t('appointmentForm.gender'),
    selectGender: t('appointmentForm.selectGender'),
    genders: {
      male: t('appointmentForm.gender.male'),
      female: t('appointmentForm.gender.female'),
      other: t('appointmentForm.gender.other'),
      'prefer not to say': t('appointmentForm.gender.preferNot'),
    },
    dob: t('appointmentForm.dob'),
    appointment: t('appointmentForm.appointment'),
    bookingDate: t('appointmentForm.bookingDate'),
    bookingTime: t('appointmentForm.bookingTime'),
    appointmentType: t('appointmentForm.appointmentType'),
    chooseType: t('appointmentForm.chooseType'),
    preferredLocation: t('appointmentForm.preferredLocation'),
    reasonOfAppointment: t('appointmentForm.reasonOfAppointment'),
    insurance: t('appointmentForm.insurance'),
    primaryInsurance: t('appointmentForm.primaryInsurance'),
    insuranceMemberId: t('appointmentForm.insuranceMemberId'),
    attachments: { insuranceCardImage: t('appointmentForm.insuranceCardImage'), debtorReferralDocument: t('appointmentForm.debtorReferralDocument') },
    fileHint: t('appointmentForm.fileHint', { mb: MB }),
    fileType: (label) => t('appointmentForm.fileType', { label, types: TYPES }),
    fileTooLarge: (label) => t('appointmentForm.fileTooLarge', { label, mb: MB }),
    additionalNotes: t('appointmentForm.additionalNotes'),
    correct: t('appointmentForm.correct'),
    failed: t('appointmentForm.failed'),
    offline: t('appointmentForm.offline'),
    wait: t('booking.wait'),
  };
}

type PublicAppointmentPage = Awaited<ReturnType<typeof loadPage>>;

async function loadPage([, apiKey]: [string, string]) {
  const result = await api.get(`/public/appointments/${encodeURIComponent(apiKey)}`, { auth: 'none' });
  if (!result.success || !result.data.data) throw new Error(result.message);
  return result.data.data;
}

export function AppointmentRequestPage({ apiKey }: { apiKey: string }) {
  const { data, error } = useSWR<PublicAppointmentPage, unknown, [string, string] | null>(apiKey ? ['public-appointments', apiKey] : null, loadPage, { revalidateOnFocus: false });
  const { t, locale, intl } = useI18n();
  const challengeTexts = useChallengeTexts();
  useClinicLocale(data?.organization.language, data?.organization.region);
  const [done, setDone] = useState<string>();
  /** One key per request the visitor sends: a retry of the same request never makes a second appointment. */
  const keys = useIdempotencyKeys();
  /** The connection check the request is sent with (solved in the background, issue 28). */
  const challenge = useChallenge('appointment', apiKey || undefined);
  const texts = useMemo(() => requestFormTexts(t), [t]);

  return (
    <main className="container py-5" style={{ maxWidth: 860 }}>
      <ClinicBrandBar brand={data?.organization.brand} name={data?.organization.name} />
      <header className="mb-4">
        <h1 className="h3 fw-bold mb-1">{t('request.title')}</h1>
        {/* Static, so the page's largest text is in the prerendered first paint (LCP), not the clinic's line. */}
        <p className="text-body-secondary mb-2">{t('request.intro')}</p>
        {/* The clinic's line: its space is kept while it loads (prerendered first paint). */}
        <p className="small text-body-secondary mb-0 placeholder-glow">
          {data ? (
            <>
              {data.organization.name}
              {data.organization.phoneNumber ? ` · ${data.organization.phoneNumber}` : ''} · {t('request.clinicZone', { zone: data.organization.timeZone })}
            </>
          ) : error ? (
            '\u00a0'
          ) : (
            <span className="placeholder col-8 rounded" aria-hidden="true" />
          )}
        </p>
      </header>
      {error ? (
        <div className="alert alert-danger" role="alert">
          {ruleMessage(t, failureText(error, t('request.unavailable')))}
        </div>
      ) : !data ? (
        <div className="card border-0 shadow-sm" aria-busy="true">
          <div className="card-body p-4 placeholder-glow" aria-hidden="true">
            <span className="placeholder col-3 rounded mb-2" />
            <span className="placeholder col-12 rounded d-block" style={{ height: 38 }} />
          </div>
          <span className="visually-hidden">{t('common.loading')}</span>
        </div>
      ) : (
        <>
          {done && (
            <div className="alert alert-success" role="status" tabIndex={-1}>
              {done}
            </div>
          )}
          <div className="card border-0 shadow-sm">
            <div className="card-body p-4">
              <BookingForm
                appointmentTypes={data.services.map((s) => serviceOption(s, intl))}
                submitLabel={t('request.send')}
                footer={<ChallengeStatus challenge={challenge} texts={challengeTexts} />}
                extra={{ organizationApiKey: apiKey, locale }}
                texts={texts}
                message={(text) => ruleMessage(t, text)}
                onSubmit={async (form) => {
                  const headers = await challenge.take();
                  const result = await api.post('/public/appointments/book-custom', undefined, { form, auth: 'none', idempotencyKey: keys.keyFor(form), headers });
                  if (result.success) keys.forget();
                  return { success: result.success, message: result.message, errors: result.data.errors };
                }}
                onBooked={(result) => {
                  setDone(ruleMessage(t, result.message));
                  window.scrollTo({ top: 0, behavior: 'smooth' });
                }}
              />
            </div>
          </div>
        </>
      )}
    </main>
  );
}
