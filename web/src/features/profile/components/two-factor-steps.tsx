// The two-step sign-in card's steps: set up (QR code and key, then a code and the password), make new
// recovery codes (password and a code), and the card while it is on or off.
import { Busy } from '../../../components/loading';
import type { TwoFactorState } from '../hooks/use-two-factor';
import { CodeInput, CurrentPassword, QrCode } from './two-factor-fields';

export function SetupStep({ tf, secret, uri }: { tf: TwoFactorState; secret: string; uri: string }) {
  const { code, setCode, password, setPassword, busy, confirm, cancel } = tf;
  return (
    <div className="row g-4">
      <div className="col-auto">
        <QrCode uri={uri} />
      </div>
      <div className="col">
        <ol className="ps-3 small">
          <li>Open an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password...).</li>
          <li>Scan the QR code, or enter this key by hand:</li>
        </ol>
        <p className="font-monospace fw-semibold text-break" data-testid="totp-secret" aria-label="Set-up key">
          {secret.match(/.{1,4}/g)?.join(' ')}
        </p>
        <CodeInput id="enable-code" label="Code from the app" value={code} onChange={setCode} />
        <CurrentPassword id="enable-password" value={password} onChange={setPassword} />
        <div className="d-flex gap-2">
          <button type="button" className="btn btn-primary" onClick={confirm} disabled={busy || !/^\d{6}$/.test(code.trim()) || !password}>
            {busy ? <Busy /> : 'Turn on'}
          </button>
          <button type="button" className="btn btn-light" onClick={cancel} disabled={busy}>
            Cancel
          </button>
        </div>
      </div>
    </div>
  );
}

export function RegenerateStep({ tf }: { tf: TwoFactorState }) {
  const { code, setCode, password, setPassword, busy, regenerate, cancel } = tf;
  return (
    <>
      <p className="mb-3">New recovery codes replace all of your current ones: the old codes stop working. Confirm with your password and a code.</p>
      <CurrentPassword id="regenerate-password" value={password} onChange={setPassword} />
      <CodeInput id="regenerate-code" label="Code from the app, or a recovery code" value={code} onChange={setCode} recovery />
      <div className="d-flex gap-2">
        <button type="button" className="btn btn-primary" onClick={regenerate} disabled={busy || !password || code.trim().length < 6}>
          {busy ? <Busy /> : 'Make new codes'}
        </button>
        <button type="button" className="btn btn-light" onClick={cancel} disabled={busy}>
          Cancel
        </button>
      </div>
    </>
  );
}

export function TwoFactorOn({ tf, recoveryCodesLeft, required }: { tf: TwoFactorState; recoveryCodesLeft: number; required: boolean }) {
  const { code, setCode, busy, turnOff, askNewCodes } = tf;
  return (
    <>
      <p className="mb-2">
        <span className="badge bg-success-subtle text-success-emphasis me-2">On</span>
        Signing in asks for a code from your authenticator app. Recovery codes left: <strong>{recoveryCodesLeft}</strong>.
      </p>
      {required && <p className="small text-body-secondary">Your organisation requires two-step sign-in: if you turn it off, you will be asked to set it up again.</p>}
      <CodeInput id="disable-code" label="Code from the app, or a recovery code, to turn it off" value={code} onChange={setCode} recovery />
      <div className="d-flex flex-wrap gap-2">
        <button type="button" className="btn btn-outline-danger" onClick={turnOff} disabled={busy || code.trim().length < 6}>
          {busy ? <Busy /> : 'Turn off'}
        </button>
        <button type="button" className="btn btn-light ms-sm-auto" onClick={askNewCodes} disabled={busy}>
          <i className="bi bi-arrow-repeat me-1" aria-hidden="true" />
          New recovery codes
        </button>
      </div>
    </>
  );
}

export function TwoFactorOff({ tf }: { tf: TwoFactorState }) {
  return (
    <>
      <p className="mb-3">
        <span className="badge bg-secondary-subtle text-secondary-emphasis me-2">Off</span>
        Add a code from an authenticator app on your phone to your password, so a stolen password alone cannot open patient records.
      </p>
      <button type="button" className="btn btn-primary" onClick={tf.start} disabled={tf.busy}>
        {tf.busy ? <Busy /> : 'Set up two-step sign-in'}
      </button>
    </>
  );
}
