// /dashboard: counts of the modules this member can read, and the first steps of a new account.
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth';
import { dateFormatter } from '../../../lib/dates';
import { usePageTitle } from '../../../lib/layout';
import { useRegistry } from '../../../lib/registry';
import { useAccess, useRoles } from '../../../lib/roles';
import { useDashboard, type DashboardSummary } from '../api/get-dashboard';
import { ReportTiles, SetupCard, reportTilesEnabled, setupCardEnabled } from '../components/insights';
import { useSetupProgress, useThisWeek } from '../api/get-insights';
import { TILES, visibleTiles, type Tile } from '../tiles';

const QUICK_ACTIONS = [
  { to: paths.profile, icon: 'bi-person-circle', title: 'My Profile', text: 'Your details, picture and password' },
  { to: paths.builder, icon: 'bi-layout-text-sidebar-reverse', title: 'Layout Builder', text: 'Sidebar, header and toolbar settings' },
];

function greeting(hour = new Date().getHours()): string {
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

function CountTile({ tile, data }: { tile: Tile; data?: DashboardSummary }) {
  const value = data?.[tile.count];
  return (
    <Link to={tile.to} className="card dashboard-tile h-100 border-0 shadow-sm text-decoration-none">
      <div className="card-body d-flex align-items-center gap-3">
        <span className={`tile-icon bg-${tile.tone}-subtle text-${tile.tone}-emphasis`} aria-hidden="true">
          <i className={`bi ${tile.icon}`} />
        </span>
        {/* May shrink (a long word breaks) so that the arrow always stays inside the card. */}
        <span className="min-w-0 text-break">
          <span className="d-block fs-2 fw-bold text-body-emphasis lh-1">
            {typeof value === 'number' ? value.toLocaleString() : <span aria-label="not available">—</span>}
          </span>
          <span className="d-block text-body-secondary fw-semibold mt-1">{tile.title}</span>
        </span>
        <i className="bi bi-arrow-right ms-auto text-body-tertiary" aria-hidden="true" />
      </div>
    </Link>
  );
}

function GettingStarted() {
  const { currentUser } = useAuth();
  const steps = [
    { done: Boolean(currentUser?.isEmailVerified), title: 'Verify your email', to: paths.profile },
    { done: Boolean(currentUser?.city && currentUser?.country), title: 'Add your city and country', to: paths.account.settings },
    { done: Boolean(currentUser?.profilePictureUrl), title: 'Upload a profile picture', to: paths.profile },
  ];
  const done = steps.filter((s) => s.done).length;
  if (!currentUser || done === steps.length) return null;
  return (
    <div className="col-lg-6">
      <div className="card border-0 shadow-sm h-100">
        <div className="card-body">
          <div className="d-flex justify-content-between align-items-center mb-3">
            <h2 className="h6 fw-bold mb-0">Finish setting up your account</h2>
            <span className="small text-body-secondary">
              {done} of {steps.length}
            </span>
          </div>
          <div className="progress mb-3" style={{ height: 6 }} role="progressbar" aria-label="Account set-up" aria-valuenow={done} aria-valuemin={0} aria-valuemax={steps.length}>
            <div className="progress-bar bg-success" style={{ width: `${(done / steps.length) * 100}%` }} />
          </div>
          <ul className="list-unstyled mb-0 d-grid gap-2">
            {steps.map((s) => (
              <li key={s.title} className="d-flex align-items-center gap-2">
                <i className={`bi ${s.done ? 'bi-check-circle-fill text-success' : 'bi-circle text-body-tertiary'}`} aria-hidden="true" />
                {s.done ? (
                  <span className="text-body-secondary text-decoration-line-through">{s.title}</span>
                ) : (
                  <Link to={s.to} className="text-decoration-none">
                    {s.title}
                  </Link>
                )}
                <span className="visually-hidden">{s.done ? '(done)' : '(to do)'}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </div>
  );
}

export function DashboardPage() {
  usePageTitle('Dashboard');
  const { currentUser } = useAuth();
  const { isRegistered } = useRegistry();
  const canAccess = useAccess();
  const roles = useRoles();
  const { data, isLoading } = useDashboard();
  const tiles = visibleTiles(TILES, isRegistered, canAccess);
  // What shows below the greeting depends on the roles and on three calls: it appears at once, when
  // all are in, in place of a skeleton as tall as the tiles; cards arriving one by one would push
  // each other (and the page) down.
  const setup = useSetupProgress(setupCardEnabled(roles.isOwner, isRegistered));
  const week = useThisWeek(reportTilesEnabled(isRegistered, canAccess));
  const settled = (call: { data?: unknown; error?: unknown }, enabled: boolean) => !enabled || call.data !== undefined || call.error !== undefined;
  const ready = !roles.loading && !isLoading && settled(setup, setupCardEnabled(roles.isOwner, isRegistered)) && settled(week, reportTilesEnabled(isRegistered, canAccess));

  return (
    <div className="d-grid gap-4">
      <section className="card border-0 shadow-sm welcome-card overflow-hidden">
        <div className="card-body p-4 p-lg-5 position-relative">
          <p className="text-uppercase small fw-semibold mb-2 welcome-date">
            {dateFormatter({ weekday: 'long', month: 'long', day: 'numeric' }).format(new Date())}
          </p>
          <h2 className="h3 fw-bold mb-2">
            {greeting()}
            {currentUser?.firstName ? `, ${currentUser.firstName}` : ''}
          </h2>
          <p className="mb-0 welcome-text">Here is what is happening in your organisation today.</p>
        </div>
      </section>

      {ready ? (
        <>
          <SetupCard />

          {tiles.length > 0 ? (
            <section aria-label="Counts">
              {/* Two tiles a row up to the largest screens, then one row of up to 4: below 1400 px a quarter of
                  the content (about 220 px at 1280 beside the sidebar) is too narrow for icon, count, title and arrow. */}
              <div className={`row g-4 row-cols-1 row-cols-sm-2 row-cols-xxl-${Math.min(tiles.length, 4)}`}>
                {tiles.map((tile) => (
                  <div key={tile.title} className="col">
                    <CountTile tile={tile} data={data} />
                  </div>
                ))}
              </div>
            </section>
          ) : null}

          <ReportTiles />

          <div className="row g-4">
            <GettingStarted />
            <div className="col-lg">
              <div className="card border-0 shadow-sm h-100">
                <div className="card-body">
                  <h2 className="h6 fw-bold mb-3">Make it yours</h2>
                  <div className="d-grid gap-2">
                    {QUICK_ACTIONS.map((a) => (
                      <Link key={a.to} to={a.to} className="quick-action d-flex align-items-center gap-3 p-3 rounded-3 text-decoration-none">
                        <span className="quick-action-icon" aria-hidden="true">
                          <i className={`bi ${a.icon}`} />
                        </span>
                        <span>
                          <span className="d-block fw-semibold text-body-emphasis">{a.title}</span>
                          <span className="d-block small text-body-secondary">{a.text}</span>
                        </span>
                      </Link>
                    ))}
                  </div>
                </div>
              </div>
            </div>
          </div>
        </>
      ) : (
        <DashboardSkeleton />
      )}
    </div>
  );
}

/** The tiles' place while the dashboard loads: two rows of count tiles and the week's two. */
function DashboardSkeleton() {
  return (
    <div role="status">
      <span className="visually-hidden">Loading dashboard...</span>
      <div className="d-grid gap-4 placeholder-glow" aria-hidden="true">
        {[4, 2].map((count) => (
          <div key={count} className={`row g-4 row-cols-1 row-cols-sm-2 row-cols-xxl-${count}`}>
            {Array.from({ length: count }, (_, i) => (
              <div key={i} className="col">
                <div className="card h-100 border-0 shadow-sm">
                  <div className="card-body d-flex align-items-center gap-3">
                    <span className="tile-icon placeholder" />
                    <span className="flex-grow-1">
                      <span className="d-block fs-2 lh-1">
                        <span className="placeholder col-3 rounded" />
                      </span>
                      <span className="d-block mt-1">
                        <span className="placeholder col-6 rounded" />
                      </span>
                    </span>
                  </div>
                </div>
              </div>
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}

export { DashboardPage as Component };
