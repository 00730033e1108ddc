// The proof-of-work challenge of a public write (issue 28; functions/lib/challenge.ts): fetched once the
// page is up (never before its first paint: the page's script itself starts after it), solved in the
// background with Web Crypto (each hash is an await, so the page stays responsive without a worker),
// and sent with the write in the x-challenge header. A solution is good for one write: taking it starts
// the next in the background. A person sees one status line; nothing to click or read.
import { useEffect, useRef, useState } from 'react';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
import { CHALLENGE_HEADER, type ChallengePage } from '#shared/challenge';
import { api } from './api';

export type ChallengeState = 'idle' | 'checking' | 'ready' | 'failed';

/** A solution taken this close to its challenge's expiry is replaced by a fresh one. */
const EXPIRY_MARGIN_MS = 60_000;

interface Prepared {
  header: string;
  expiresAtMs: number;
}

const base64url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

async function prepare(page: ChallengePage, apiKey: string): Promise<Prepared> {
  const query = new URLSearchParams({ page, ...(apiKey ? { apiKey } : {}) });
  const res = await api.get<Challenge>(`/public/challenge?${query}`, { auth: 'none' });
  const challenge = res.data.data;
  if (!res.success || !challenge) throw new Error(res.message || 'No challenge');
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('Not solved');
  return { header: base64url(JSON.stringify({ challenge, solution })), expiresAtMs: (challenge.parameters.expiresAt ?? 0) * 1000 };
}

export interface ChallengeHandle {
  state: ChallengeState;
  /** The header of a write: waits for the solution if it is not ready (fetching a new one if needed). */
  take(): Promise<Record<string, string>>;
}

/**
 * Starts on mount (after the first paint), for the page and organisation key the write will name.
 * `apiKey` undefined: not known yet (nothing starts); sign-up passes ''.
 */
export function useChallenge(page: ChallengePage, apiKey: string | undefined): ChallengeHandle {
  const [state, setState] = useState<ChallengeState>('idle');
  const next = useRef<Promise<Prepared> | undefined>(undefined);
  const live = useRef(true);

  const start = (): Promise<Prepared> => {
    setState('checking');
    const work = prepare(page, apiKey ?? '');
    next.current = work;
    work.then(
      () => live.current && next.current === work && setState('ready'),
      () => live.current && next.current === work && setState('failed'),
    );
    return work;
  };

  useEffect(() => {
    live.current = true;
    if (apiKey !== undefined) start();
    return () => {
      live.current = false;
      next.current = undefined;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one challenge per page and key
  }, [page, apiKey]);

  const take = async (): Promise<Record<string, string>> => {
    let prepared = await (next.current ?? start()).catch(() => undefined);
    if (!prepared || prepared.expiresAtMs - Date.now() < EXPIRY_MARGIN_MS) prepared = await start();
    // This solution is spent by the write; the next write gets its own.
    start().catch(() => undefined);
    return { [CHALLENGE_HEADER]: prepared.header };
  };

  return { state, take };
}

const STATUS_TEXT: Record<ChallengeState, string> = {
  idle: '',
  checking: 'Checking your connection...',
  ready: 'Connection checked.',
  failed: 'The connection check did not finish. It is tried again when you send.',
};

/** The one line a person sees (and a screen reader announces): its height is kept, so nothing shifts. */
export function ChallengeStatus({ state }: { state: ChallengeState }) {
  return (
    <p role="status" className="challenge-status small text-body-secondary mb-0 mt-2">
      {STATUS_TEXT[state]}
    </p>
  );
}
