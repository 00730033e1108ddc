// The dashboard's set-up card (owner, until every step is done or skipped) and its two report tiles
// (this week's appointments and money received, a figure per currency), each linking to its page.
import { formatMoney } from '#shared/currency';
import { Link } from 'react-router-dom';
import { APPOINTMENT_STATUSES } from '#shared/appointments/form';
import { SETUP_STEPS, nextSetupStep } from '#shared/reports/schemas';
import { paths } from '../../../config/paths';
import { reportsAccess, type Access } from '../../../lib/access';
import { useRegistry } from '../../../lib/registry';
import { useAccess, useRoles } from '../../../lib/roles';
import { useSetupProgress, useThisWeek } from '../api/get-insights';
import { useClinicCurrency } from '../../../lib/clinic-currency';

/** The set-up card is the owner's, where the wizard exists. */
export const setupCardEnabled = (isOwner: boolean, isRegistered: (path: string) => boolean) => isOwner && isRegistered(paths.wizards.setup);

/** The week's tiles need the reports page and access to one of its modules. */
export const reportTilesEnabled = (isRegistered: (path: string) => boolean, canAccess: (access: Access) => boolean) => isRegistered(paths.reports) && canAccess(reportsAccess);

export function SetupCard() {
  const { isRegistered } = useRegistry();
  const roles = useRoles();
  const enabled = setupCardEnabled(roles.isOwner, isRegistered);
  const { data } = useSetupProgress(enabled);
  if (!enabled || !data || data.completedAt) return null;
  const settled = SETUP_STEPS.filter((s) => data.steps[s] !== 'todo').length;
  const started = settled > 0 || !nextSetupStep(data);
  return (
    <section className="card border-0 shadow-sm" aria-labelledby="setup-card-title">
      <div className="card-body d-flex flex-wrap align-items-center gap-3">
        <span className="tile-icon bg-success-subtle text-success-emphasis" aria-hidden="true">
          <i className="bi bi-magic" />
        </span>
        <div style={{ flex: '1 1 16rem' }}>
          <h2 id="setup-card-title" className="h6 fw-bold mb-1">
            Set up your clinic
          </h2>
          <p className="small text-body-secondary mb-2">
            Organisation details, a first service, opening hours, a booking package, a form and a colleague: {settled} of {SETUP_STEPS.length} steps done or skipped.
          </p>
          <div className="progress" style={{ height: 6 }} role="progressbar" aria-label="Clinic set-up" aria-valuenow={settled} aria-valuemin={0} aria-valuemax={SETUP_STEPS.length}>
            <div className="progress-bar bg-success" style={{ width: `${(settled / SETUP_STEPS.length) * 100}%` }} />
          </div>
        </div>
        <Link to={paths.wizards.setup} className="btn btn-primary">
          {started ? 'Continue set-up' : 'Start set-up'}
        </Link>
      </div>
    </section>
  );
}

/** Minor units by the currency's own decimals (¥5,000, not ¥50.00). */
const money = (minor: number, currency: string) => formatMoney(minor, currency);

/**
 * The week's takings, one figure per currency: a clinic charges in one currency at a time, but a price
 * keeps the currency it was set in until it is priced again, and a change of currency leaves earlier
 * payments in the old one, so a week can hold several. The clinic's currency comes first (shown even
 * at nothing), then the others that took money, by code. Never summed across currencies.
 */
function receivedFigures(revenue: Record<string, { paid: number }>, clinicCurrency: string): string[] {
  const others = Object.entries(revenue).filter(([currency, figures]) => currency !== clinicCurrency && figures.paid !== 0).sort(([a], [b]) => a.localeCompare(b));
  return [money(revenue[clinicCurrency]?.paid ?? 0, clinicCurrency), ...others.map(([currency, figures]) => money(figures.paid, currency))];
}

export function ReportTiles() {
  const { isRegistered } = useRegistry();
  const canAccess = useAccess();
  const clinic = useClinicCurrency();
  const enabled = reportTilesEnabled(isRegistered, canAccess);
  const { data } = useThisWeek(enabled);
  const week = data?.weeks[0];
  if (!enabled || !week) return null;
  const tiles: { title: string; values: string[]; icon: string; tone: string }[] = [];
  if (week.appointments) {
    const count = APPOINTMENT_STATUSES.filter((s) => s !== 'cancelled').reduce((sum, s) => sum + week.appointments![s], 0);
    tiles.push({ title: 'Appointments this week', values: [count.toLocaleString()], icon: 'bi-calendar-week', tone: 'info' });
  }
  // Once the clinic's currency is known (which figure leads and which shows at nothing).
  if (week.revenue && !clinic.loading) tiles.push({ title: 'Received this week', values: receivedFigures(week.revenue, clinic.currency), icon: 'bi-cash-coin', tone: 'success' });
  if (!tiles.length) return null;
  return (
    <section aria-label="This week">
      <div className="row g-4 row-cols-1 row-cols-sm-2">
        {tiles.map((t) => (
          <div key={t.title} className="col">
            <Link to={paths.reports} className="card dashboard-tile h-100 border-0 shadow-sm text-decoration-none">
              <div className="card-body d-flex align-items-center gap-3">
                <span className={`tile-icon bg-${t.tone}-subtle text-${t.tone}-emphasis`} aria-hidden="true">
                  <i className={`bi ${t.icon}`} />
                </span>
                <span>
                  {t.values.map((value) => (
                    <span key={value} className={`d-block ${t.values.length > 1 ? 'fs-4' : 'fs-2'} fw-bold text-body-emphasis lh-1${t.values.length > 1 ? ' mb-1' : ''}`}>
                      {value}
                    </span>
                  ))}
                  <span className="d-block text-body-secondary fw-semibold mt-1">{t.title}</span>
                </span>
                <span className="ms-auto small text-body-secondary">Reports</span>
                <i className="bi bi-arrow-right text-body-tertiary" aria-hidden="true" />
              </div>
            </Link>
          </div>
        ))}
      </div>
    </section>
  );
}
