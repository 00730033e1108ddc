// The two-step sign-in card's state: which step shows (set-up, new codes, the codes once), the code and
// password typed, and the calls that move between steps. The password is asked again so a stolen
// session alone cannot put another app on the account.
import { useState } from 'react';
import type { Status } from '../../../components/status-banner';
import { notify } from '../../../lib/notify';
import { disableTwoFactor, enableTwoFactor, regenerateRecoveryCodes, setupTwoFactor } from '../api/security';

export type TwoFactorStep = { kind: 'idle' } | { kind: 'setup'; secret: string; uri: string } | { kind: 'regenerate' } | { kind: 'codes'; codes: string[] };

/** `reload` refreshes the session (whether two-step sign-in is on, the recovery codes left). */
export function useTwoFactor(reload: () => Promise<unknown>) {
  const [step, setStep] = useState<TwoFactorStep>({ kind: 'idle' });
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status | null>(null);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setStatus(null);
    try {
      await work();
    } catch {
      setStatus({ kind: 'danger', text: 'That did not work. Please check your connection and try again.' });
    } finally {
      setBusy(false);
    }
  };

  const start = () =>
    run(async () => {
      const result = await setupTwoFactor();
      if (!result.success || !result.data.data) return setStatus({ kind: 'danger', text: result.message });
      setCode('');
      setPassword('');
      setStep({ kind: 'setup', ...result.data.data });
    });

  /** Turning on and making new codes both answer with the recovery codes, shown once. */
  const showCodes = (call: () => ReturnType<typeof enableTwoFactor>  ) =>
    run(async () => {
      const result = await call();
      if (!result.success || !result.data.data) return setStatus({ kind: 'danger', text: result.message });
      setStep({ kind: 'codes', codes: result.data.data.recoveryCodes });
      setCode('');
      setPassword('');
    });
  const confirm = () => showCodes(() => enableTwoFactor(code.trim(), password));
  const regenerate = () => showCodes(() => regenerateRecoveryCodes(code.trim(), password));

  const cancel = () => {
    setStep({ kind: 'idle' });
    setCode('');
    setPassword('');
    setStatus(null);
  };

  const askNewCodes = () => {
    setCode('');
    setPassword('');
    setStatus(null);
    setStep({ kind: 'regenerate' });
  };

  const codesSaved = () => {
    setStep({ kind: 'idle' });
    void reload();
  };

  const turnOff = () =>
    run(async () => {
      const result = await disableTwoFactor(code.trim());
      if (!result.success) return setStatus({ kind: 'danger', text: result.message });
      setCode('');
      notify.success('Two-step sign-in is off.');
      await reload();
    });

  return { step, code, setCode, password, setPassword, busy, status, start, confirm, regenerate, cancel, askNewCodes, codesSaved, turnOff };
}

export type TwoFactorState = ReturnType<typeof useTwoFactor>;
