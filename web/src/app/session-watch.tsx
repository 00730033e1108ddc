// What the shell enforces about the session (GET /users/session): automatic logoff after the
// organisation's idle limit, with a warning a minute before, and the organisation's two-factor
// requirement (members without it are sent to set it up before anything else). The server enforces
// both as well; this is so the member sees why.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import Modal from '../components/modal';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../config/paths';
import { SESSION_KEY, endThisSession } from '../lib/account-session';
import { api } from '../lib/api';
import { useAuth } from '../lib/auth';
import { useApi } from '../lib/swr';

const WARNING_MS = 60_000;
/** Activity is reported to the server at most this often (the server records it at most once a minute). */
const REPORT_EVERY_MS = 60_000;
/** Shared by the console's tabs: activity in one keeps the others signed in. */
const ACTIVITY_KEY = 'lastActivityAt';
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'scroll', 'touchstart'] as const;

function storedActivity(): number {
  try {
    return Number(window.localStorage.getItem(ACTIVITY_KEY)) || 0;
  } catch {
    return 0;
  }
}

function storeActivity(at: number) {
  try {
    window.localStorage.setItem(ACTIVITY_KEY, String(at));
  } catch {
    // Private mode: this tab keeps its own count.
  }
}

export function IdleLogoff({ minutes }: { minutes: number }) {
  const { logout } = useAuth();
  const navigate = useNavigate();
  // Both start as the watch starts (the first effect below): a render reads no clock.
  const lastActivity = useRef(0);
  const lastReport = useRef(0);
  const warningShown = useRef(false);
  const [secondsLeft, setSecondsLeft] = useState<number>();
  const limitMs = minutes * 60_000;

  const markActive = useCallback((report: boolean) => {
    const now = Date.now();
    lastActivity.current = now;
    storeActivity(now);
    if (report && now - lastReport.current >= REPORT_EVERY_MS) {
      lastReport.current = now;
      void api.get(SESSION_KEY).catch(() => undefined);
    }
  }, []);

  useEffect(() => {
    const now = Date.now();
    lastActivity.current = now;
    lastReport.current = now;
  }, []);

  useEffect(() => {
    storeActivity(Date.now());
    const onActivity = () => {
      if (!warningShown.current) markActive(true);
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true });
    const timer = window.setInterval(() => {
      const idle = Date.now() - Math.max(lastActivity.current, storedActivity());
      if (idle >= limitMs) {
        window.clearInterval(timer);
        void endThisSession();
        logout();
        navigate(paths.auth.root, { replace: true, state: { kind: 'info', message: `You were signed out after ${minutes} minutes without activity.` } });
        return;
      }
      const warn = idle >= limitMs - WARNING_MS;
      warningShown.current = warn;
      setSecondsLeft(warn ? Math.ceil((limitMs - idle) / 1000) : undefined);
    }, 1000);
    return () => {
      window.clearInterval(timer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity);
    };
  }, [limitMs, minutes, logout, navigate, markActive]);

  const stay = () => {
    warningShown.current = false;
    lastReport.current = 0;
    markActive(true);
    setSecondsLeft(undefined);
  };

  return (
    <Modal show={secondsLeft !== undefined} onHide={stay} centered size="sm" aria-labelledby="idle-title" aria-describedby="idle-text" backdrop="static">
      <Modal.Body className="text-center p-4">
        <div className="sign-out-icon mx-auto mb-3" aria-hidden="true">
          <i className="bi bi-hourglass-split" />
        </div>
        <h2 id="idle-title" className="h5 fw-bold mb-2">
          Are you still there?
        </h2>
        <p id="idle-text" className="text-body-secondary mb-4">
          For your patients' privacy you will be signed out in <strong role="timer">{secondsLeft} seconds</strong> without activity.
        </p>
        {/* eslint-disable-next-line jsx-a11y-x/no-autofocus -- the dialog's one answer takes the focus as it opens (WAI-ARIA dialog pattern) */}
        <button type="button" className="btn btn-primary" onClick={stay} autoFocus>
          Stay signed in
        </button>
      </Modal.Body>
    </Modal>
  );
}

export function SessionWatch({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  // Fetched as the console started (start-early.ts), just before this mounts: not asked again then.
  const { data } = useApi(SESSION_KEY, { revalidateOnFocus: false, revalidateIfStale: false, shouldRetryOnError: false });
  const mustSetUp = data?.twoFactorRequired && !data.twoFactorEnabled && pathname !== paths.account.security;
  return (
    <>
      {data && <IdleLogoff minutes={data.idleTimeoutMinutes} />}
      {mustSetUp ? <Navigate to={paths.account.security} replace /> : children}
    </>
  );
}
