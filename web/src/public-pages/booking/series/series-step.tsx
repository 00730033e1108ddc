// The booking page's series step (issue 37.1), loaded only for a package that allows a series (its own
// chunk). After a time is chosen: 'Repeat this visit', every 1 to 4 weeks, how many visits; then every
// visit from the server's preview, each free, or taken (or not on the clinic's hours) with up to three
// free times that week to pick instead, or left out; and what the series costs, said plainly: the
// total, and what is paid now (the whole course, its deposits, a card saved once, or at the clinic).
import { currencyOf, formatMoney } from '#shared/currency';
import { Loading } from '../../../components/loading';
import { failureText } from '../../../lib/api';
import { useI18n } from '../../../i18n/i18n';
import { whenIn } from '../../../i18n/format';
import { ruleMessage } from '../../../i18n/rules';
import type { PendingHold } from '../pending-hold';
import type { SeriesPreview } from './series-api';
import { visitWhen } from './series-when';
import type { SeriesHandle } from './use-series';

const EVERY = [1, 2, 3, 4];

type Visit = SeriesPreview['visits'][number];

/** What the series costs and what is paid now, for the visits as chosen. */
function SeriesCost({ preview, visits }: { preview: SeriesPreview; visits: number }) {
  const { t, intl } = useI18n();
  const money = (minor: number) => formatMoney(minor, currencyOf(preview.currency), intl);
  const policy = preview.visitPolicy;
  const price = policy.dueNowMinor + policy.dueAtVisitMinor;
  const online = preview.seriesPayment === 'course' && policy.mode !== 'at_clinic';
  let pay: string;
  if (online && policy.mode === 'full') pay = t('series.payCourse', { count: visits, price: money(policy.dueNowMinor), amount: money(visits * policy.dueNowMinor) });
  else if (online && policy.mode === 'deposit') pay = t('series.payDeposits', { count: visits, price: money(policy.dueNowMinor), amount: money(visits * policy.dueNowMinor), due: money(policy.dueAtVisitMinor) });
  else if (policy.mode === 'card_on_file') pay = t('series.payCard', { price: money(price) });
  else pay = t('series.payClinic', { price: money(price) });
  return (
    <div className="alert alert-light border mb-0" role="status" aria-live="polite" data-testid="series-cost">
      <p className="fw-bold mb-1">{t('series.total', { count: visits, amount: money(visits * price) })}</p>
      <p className="small mb-0">{pay}</p>
    </div>
  );
}

function VisitRow({ v, zone, picked, onPick, disabled }: { v: Visit; zone: string; picked: number | undefined; onPick: (alt: number | null) => void; disabled: boolean }) {
  const { t, locale, intl } = useI18n();
  const when = (w: { date: string; time: string; label: string }) => whenIn(locale, { date: w.date, time: w.time, timeZone: zone }, w.label, intl);
  const head = (
    <>
      <span className="fw-semibold">{t('series.visit', { number: v.number })}</span>
      <span className="d-block">{when(v)}</span>
    </>
  );
  if (v.status === 'free') {
    return (
      <li className="border rounded p-2 mb-2 d-flex justify-content-between align-items-start gap-2" data-testid="series-visit">
        <div>{head}</div>
        <span className="badge text-bg-success">{t('series.free')}</span>
      </li>
    );
  }
  const name = `series-visit-${v.number}`;
  return (
    <li className="border border-warning rounded p-2 mb-2" data-testid="series-visit">
      <fieldset disabled={disabled}>
        <legend className="fs-6 mb-1">{head}</legend>
        <p className="small text-body-secondary mb-2">{t(v.status === 'taken' ? 'series.taken' : 'series.closed')}</p>
        {v.alternatives.length === 0 && <p className="small mb-2">{t('series.noAlternative')}</p>}
        {v.alternatives.map((a, i) => (
          <div className="form-check" key={a.startUtc}>
            <input className="form-check-input" type="radio" name={name} id={`${name}-${i}`} checked={picked === i} onChange={() => onPick(i)} />
            <label className="form-check-label" htmlFor={`${name}-${i}`}>{when(a)}</label>
          </div>
        ))}
        <div className="form-check">
          <input className="form-check-input" type="radio" name={name} id={`${name}-out`} checked={picked === undefined} onChange={() => onPick(null)} />
          <label className="form-check-label" htmlFor={`${name}-out`}>{t('series.leaveOut')}</label>
        </div>
      </fieldset>
    </li>
  );
}

/** The series held for this patient while it waits for payment: its visits, each held for them. */
function HeldVisits({ hold, preview }: { hold: PendingHold; preview?: SeriesPreview }) {
  const { t, intl } = useI18n();
  const starts = hold.series?.startsUtc ?? [];
  return (
    <>
      <ol className="list-unstyled mb-3" aria-label={t('series.title')}>
        {starts.map((start, i) => (
          <li key={start} className="border rounded p-2 mb-2 d-flex justify-content-between align-items-start gap-2" data-testid="series-visit">
            <div>
              <span className="fw-semibold">{t('series.visit', { number: i + 1 })}</span>
              <span className="d-block">{visitWhen(start, hold.timeZone, intl)}</span>
            </div>
            <span className="badge text-bg-primary">{t('series.held')}</span>
          </li>
        ))}
      </ol>
      {preview && <SeriesCost preview={preview} visits={starts.length} />}
    </>
  );
}

export function SeriesStep({ series, disabled, held }: { series: SeriesHandle; disabled: boolean; held?: PendingHold }) {
  const { t } = useI18n();
  const { preview } = series;
  const counts = Array.from({ length: series.max - 1 }, (_, i) => i + 2);
  return (
    <section className="mt-4" aria-labelledby="series-on-label" data-testid="series-step">
      <div className="form-check">
        <input className="form-check-input" type="checkbox" id="series-on" checked={series.on} onChange={(e) => series.setOn(e.currentTarget.checked)} disabled={disabled} aria-describedby="series-on-hint" />
        <label className="form-check-label fw-semibold" htmlFor="series-on" id="series-on-label">{t('series.repeat')}</label>
        <div className="form-text mt-0" id="series-on-hint">{t('series.repeatHint')}</div>
      </div>
      {series.on && (
        <>
          <div className="row g-3 mt-0">
            <div className="col-6 col-md-4">
              <label className="form-label" htmlFor="series-every">{t('series.every')}</label>
              <select id="series-every" className="form-select" value={series.everyWeeks} onChange={(e) => series.setEveryWeeks(Number(e.currentTarget.value))} disabled={disabled}>
                {EVERY.map((n) => <option key={n} value={n}>{t('series.everyWeeks', { count: n })}</option>)}
              </select>
            </div>
            <div className="col-6 col-md-4">
              <label className="form-label" htmlFor="series-count">{t('series.count')}</label>
              <select id="series-count" className="form-select" value={series.count} onChange={(e) => series.setCount(Number(e.currentTarget.value))} disabled={disabled}>
                {counts.map((n) => <option key={n} value={n}>{n}</option>)}
              </select>
            </div>
          </div>
          <h3 className="h6 fw-bold text-body-emphasis mt-4 mb-2">{t('series.title')}</h3>
          {held ? (
            <HeldVisits hold={held} preview={preview.data} />
          ) : preview.data ? (
            <>
              <ol className="list-unstyled mb-3" aria-label={t('series.title')}>
                {preview.data.visits.map((v) => (
                  <VisitRow key={v.number} v={v} zone={preview.data!.timeZone} picked={series.picks[v.number]} onPick={(alt) => series.pick(v.number, alt)} disabled={disabled} />
                ))}
              </ol>
              <SeriesCost preview={preview.data} visits={series.chosen(preview.data).length} />
            </>
          ) : preview.error ? (
            <div className="alert alert-danger d-flex flex-wrap align-items-center gap-2 mb-0" role="alert">
              <span>{ruleMessage(t, failureText(preview.error, t('series.failed')))}</span>
              <button type="button" className="btn btn-sm btn-outline-danger" onClick={series.refresh}>{t('series.retry')}</button>
            </div>
          ) : (
            <Loading label={t('series.checking')} showLabel className="py-3" />
          )}
          {series.issue && <div className="invalid-feedback d-block mt-2" role="alert">{t(series.issue)}</div>}
        </>
      )}
    </section>
  );
}
