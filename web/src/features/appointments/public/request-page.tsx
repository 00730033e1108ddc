// room-integration/:apiKey: the clinic's public appointment request page (spec section 2; its content
// is not shown there). A visitor gives their details, the visit they want and, optionally, their
// insurance card and a referral; the clinic confirms later and the visitor is mailed at once. No
// console code here.
import { useState } from 'react';
import useSWR from 'swr';
import { api, failureText } from '../../../lib/api';
import { ChallengeStatus, useChallenge } from '../../../lib/challenge';
import { useIdempotencyKeys } from '../../../lib/idempotency';
import { BookingForm, serviceOption } from '../components/booking-form';
import { LanguageSwitcher, useChallengeTexts, useClinicLocale, useI18n } from '../../../i18n/i18n';
import { ruleMessage } from '../../../i18n/rules';

async function loadPage([, apiKey]: [string, string]) {
  const result = await api.get(`/public/appointments/${encodeURIComponent(apiKey)}`, { auth: 'none' });
  if (!result.success || !result.data.data) throw new Error(result.message);
  return result.data.data;
}

export function AppointmentRequestPage({ apiKey }: { apiKey: string }) {
  const { data, error } = useSWR(apiKey ? ['public-appointments', apiKey] : null, loadPage, { revalidateOnFocus: false });
  const { t, locale } = useI18n();
  const challengeTexts = useChallengeTexts();
  useClinicLocale(data?.organization.language);
  const [done, setDone] = useState<string>();
  /** One key per request the visitor sends: a retry of the same request never makes a second appointment. */
  const keys = useIdempotencyKeys();
  /** The connection check the request is sent with (solved in the background, issue 28). */
  const challenge = useChallenge('appointment', apiKey || undefined);

  return (
    <main className="container py-5" style={{ maxWidth: 860 }}>
      <LanguageSwitcher />
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
                appointmentTypes={data.services.map((s) => serviceOption(s, locale))}
                submitLabel={t('request.send')}
                footer={<ChallengeStatus challenge={challenge} texts={challengeTexts} />}
                extra={{ organizationApiKey: apiKey, locale }}
                onSubmit={async (form) => {
                  const headers = await challenge.take();
                  const result = await api.post('/public/appointments/book-custom', undefined, { form, auth: 'none', idempotencyKey: keys.keyFor(form), headers });
                  if (result.success) keys.forget();
                  return { success: result.success, message: result.message, errors: result.data.errors };
                }}
                onBooked={(result) => {
                  setDone(result.message);
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
