// The member's sessions: where they are signed in, ending one, and signing out everywhere.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Loading } from '../../../components/loading';
import { StatusBanner } from '../../../components/status-banner';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth';
import { formatDate } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import type { SessionView } from '../../../lib/account-session';
import { SESSIONS_KEY, endAllSessions, endSession } from '../api/security';
import { useApi } from '../../../lib/swr';

export function SessionsCard() {
  const { data, error, mutate } = useApi(SESSIONS_KEY, { query: { limit: 50 } });
  const { logout } = useAuth();
  const navigate = useNavigate();
  const [ending, setEnding] = useState<SessionView>();
  const [everywhere, setEverywhere] = useState(false);

  const signedOut = (message: string) => {
    logout();
    navigate(paths.auth.root, { replace: true, state: { kind: 'info', message } });
  };

  return (
    <section className="card border-0 shadow-sm" aria-labelledby="sessions-title">
      <div className="card-header bg-transparent py-3 d-flex align-items-center justify-content-between gap-2">
        <h2 id="sessions-title" className="h6 fw-bold mb-0">
          Where you are signed in
        </h2>
        <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => setEverywhere(true)}>
          Sign out everywhere
        </button>
      </div>
      <div className="card-body">
        {error && <StatusBanner status={{ kind: 'danger', text: 'Your sessions could not be loaded. Please reload the page.' }} />}
        {!data && !error && <Loading label="Loading sessions..." showLabel />}
        {data && (
          <ul className="list-group list-group-flush" aria-label="Sessions">
            {data.items.map((s) => (
              <li key={s.id} className="list-group-item d-flex align-items-center gap-3 px-0">
                <i className={`bi ${/iOS|Android/.test(s.device) ? 'bi-phone' : 'bi-laptop'} fs-4 text-body-secondary`} aria-hidden="true" />
                <div className="flex-grow-1 min-w-0">
                  <div className="fw-semibold text-body-emphasis">
                    {s.device}
                    {s.current && <span className="badge bg-success-subtle text-success-emphasis ms-2">This device</span>}
                    {s.twoFactor && <span className="badge bg-info-subtle text-info-emphasis ms-2">Two-step</span>}
                  </div>
                  <div className="small text-body-secondary">
                    {s.address} · signed in {formatDate(s.createdAt)} · last active {formatDate(s.lastSeenAt)}
                  </div>
                </div>
                {!s.current && (
                  <button type="button" className="btn btn-sm btn-light" onClick={() => setEnding(s)} aria-label={`End the session on ${s.device} from ${s.address}`}>
                    End
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
      <ConfirmDialog
        show={ending !== undefined}
        title="End this session?"
        confirmText="End session"
        busyText="Ending..."
        onHide={() => setEnding(undefined)}
        onConfirm={async () => {
          const result = await endSession(ending!.id);
          if (!result.success && result.responseCode !== 404) return result.message;
          setEnding(undefined);
          notify.success('The session has ended.');
          await mutate();
        }}
      >
        {ending && (
          <p className="mb-0">
            {ending.device} ({ending.address}) will be signed out at once.
          </p>
        )}
      </ConfirmDialog>
      <ConfirmDialog
        show={everywhere}
        title="Sign out everywhere?"
        confirmText="Sign out everywhere"
        busyText="Signing out..."
        onHide={() => setEverywhere(false)}
        onConfirm={async () => {
          const result = await endAllSessions();
          if (!result.success) return result.message;
          setEverywhere(false);
          signedOut('You are signed out everywhere.');
        }}
      >
        <p className="mb-0">Every session, this one included, ends at once. You can sign in again straight away.</p>
      </ConfirmDialog>
    </section>
  );
}
