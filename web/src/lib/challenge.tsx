// The proof-of-work challenge of a public write (issue 28; functions/lib/challenge.ts): fetched once the
// page is up (never before its first paint: the page's script itself starts after it), solved in a
// Web Worker with Web Crypto (lib/challenge-worker.ts; on the page itself where no worker can start),
// and sent with the write in the x-challenge header. A solution is good for one write: taking it starts
// the next in the background. A person sees nothing of it unless it fails (then a message and a retry).
//
// The check's progress re-renders only its status line, never the form around it: a re-render in the
// middle of typing a date would lose the part typed so far.
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { solveChallenge, solveChallengeWorkers, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { CHALLENGE_HEADER, type ChallengePage } from '#shared/challenge/challenge';
import { api } from './api';
import { afterFirstInput } from './first-input';

export type ChallengeState = 'idle' | 'checking' | 'ready' | 'failed';

/** A solution taken this close to its challenge's expiry is replaced by a fresh one. */
const EXPIRY_MARGIN_MS = 60_000;

interface Prepared {
  header: string;
  expiresAtMs: number;
}

const base64url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** Solves in a worker off the main thread; on the page itself where none can start (jsdom, a refusing browser). */
async function solve(challenge: Challenge): Promise<Solution | null> {
  if (typeof Worker !== 'undefined') {
    try {
      return await solveChallengeWorkers({
        challenge,
        // One: the difficulty is set for one thread (well under a second on a phone). Two workers gain
        // little, and once left a twin request for the script unfinished in a test browser's log.
        concurrency: 1,
        createWorker: () => new Worker(new URL('./challenge-worker.ts', import.meta.url), { type: 'module' }),
      });
    } catch {
      // A worker that failed to load or run: the page solves it itself below.
    }
  }
  return solveChallenge({ challenge, deriveKey });
}

async function prepare(page: ChallengePage, apiKey: string): Promise<Prepared> {
  // An empty apiKey (sign-up) is left out of the query.
  const res = await api.get('/public/challenge', { auth: 'none', query: { page, apiKey } });
  const challenge = res.data.data;
  if (!res.success || !challenge) throw new Error(res.message || 'No challenge');
  const solution = await solve(challenge);
  if (!solution) throw new Error('Not solved');
  return { header: base64url(JSON.stringify({ challenge, solution })), expiresAtMs: (challenge.parameters.expiresAt ?? 0) * 1000 };
}

/** One page's checks, for one page kind and organisation key. */
export class ChallengeHandle {
  state: ChallengeState = 'idle';
  private next?: Promise<Prepared>;
  private readonly listeners = new Set<() => void>();
  apiKey?: string;

  constructor(private readonly page: ChallengePage) {}

  /** The organisation key the next checks are for (undefined: not known yet). */
  setApiKey(apiKey: string | undefined) {
    this.apiKey = apiKey;
  }

  private set(state: ChallengeState) {
    this.state = state;
    for (const listener of this.listeners) listener();
  }

  /** Follows the state (the status line); returns the unsubscribe. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** Fetches and solves a new challenge in the background. */
  start(): Promise<Prepared> {
    this.set('checking');
    const work = prepare(this.page, this.apiKey ?? '');
    this.next = work;
    work.then(
      () => this.next === work && this.set('ready'),
      () => this.next === work && this.set('failed'),
    );
    return work;
  }

  stop() {
    this.next = undefined;
  }

  /** Starts a check unless one is under way or solved (a write's take() may have started it). */
  ensure(): void {
    if (!this.next) this.start().catch(() => undefined);
  }

  /** The header of a write: waits for the solution if it is not ready (fetching a new one if needed). */
  async take(): Promise<Record<string, string>> {
    let prepared = await (this.next ?? this.start()).catch(() => undefined);
    if (!prepared || prepared.expiresAtMs - Date.now() < EXPIRY_MARGIN_MS) prepared = await this.start();
    // This solution is spent by the write; the next write gets its own.
    this.start().catch(() => undefined);
    return { [CHALLENGE_HEADER]: prepared.header };
  }
}

/**
 * The page's check for the organisation key the write will name. `apiKey` undefined: not known yet
 * (nothing starts); sign-up passes ''. The handle is stable. `when`: 'mount' starts it once the page is
 * up (after the first paint); 'first-input' when the visitor first touches, clicks or types anything
 * on the page (the booking page: its start on a phone was already the page's longest work, and the
 * check's request, worker and answer added to it while nobody could book yet). Choosing a package, a
 * day, a time and typing the details leaves it seconds to be solved; a write that comes first starts
 * it and waits, as always.
 */
export function useChallenge(page: ChallengePage, apiKey: string | undefined, when: 'mount' | 'first-input' = 'mount'): ChallengeHandle {
  const [handle] = useState(() => new ChallengeHandle(page));
  useEffect(() => {
    handle.setApiKey(apiKey);
    if (apiKey === undefined) return () => handle.stop();
    if (when === 'mount') {
      handle.start().catch(() => undefined);
      return () => handle.stop();
    }
    const stopListening = afterFirstInput(() => handle.ensure());
    return () => {
      stopListening();
      handle.stop();
    };
  }, [handle, apiKey, when]);
  return handle;
}

/** The check's words: what a screen reader hears while it works, and the failure with its retry. */
export type ChallengeTexts = Record<ChallengeState, string> & { retry: string };

export const STATUS_TEXT: ChallengeTexts = {
  idle: '',
  checking: 'Checking your connection...',
  // Done: nothing to say (issue 34: "Connection checked." under the button meant nothing to a patient).
  ready: '',
  failed: 'Your connection could not be checked. Check that you are online, then try again.',
  retry: 'Try again',
};

/**
 * The check's one line under the button (its height kept, so nothing shifts). While it works, a status
 * that screen readers announce and nobody has to read; once done, nothing; when it failed, a clear
 * message with a retry (a send retries too). `data-state` tells tests where it is. Without a handle
 * (the prerendered first paint) it is empty. `texts`: the line in another language (the public
 * pages'); English without.
 */
export function ChallengeStatus({ challenge, texts = STATUS_TEXT }: { challenge?: ChallengeHandle; texts?: ChallengeTexts }) {
  // An external store: the state read after subscribing, so a change between render and subscription is not missed.
  const subscribe = useCallback((changed: () => void) => challenge?.subscribe(changed) ?? (() => undefined), [challenge]);
  // The server snapshot is for React's renderToString (the console's /auth first paint); Preact ignores it
  // and reads the same 'idle' from the handle-less first paint.
  const state = useSyncExternalStore(subscribe, () => challenge?.state ?? 'idle', (): ChallengeState => 'idle');
  const failed = state === 'failed';
  return (
    <div className="challenge-line small mt-2">
      <p role="status" data-state={state} className={`challenge-status mb-0 ${failed ? 'text-danger' : 'visually-hidden'}`}>
        {texts[state]}
      </p>
      {failed && challenge && (
        <button type="button" className="btn btn-link btn-sm p-0 align-baseline" onClick={() => void challenge.start().catch(() => undefined)}>
          {texts.retry}
        </button>
      )}
    </div>
  );
}
