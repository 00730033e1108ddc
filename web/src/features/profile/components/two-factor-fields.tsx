// The two-step sign-in card's inputs: the password asked again, a code from the app (or a recovery
// code), and the QR code of the set-up key.
import { toDataURL } from 'qrcode';
import { useEffect, useState } from 'react';
import { Loading } from '../../../components/loading';
import { PasswordInput } from '../../../components/password-input';

export function CurrentPassword({ id, value, onChange }: { id: string; value: string; onChange: (v: string) => void }) {
  return (
    <div className="mb-3" style={{ maxWidth: 320 }}>
      <label htmlFor={id} className="form-label fw-semibold small text-body-emphasis mb-1">
        Your password
      </label>
      <PasswordInput id={id} className="form-control" value={value} onChange={(e) => onChange(e.target.value)} autoComplete="current-password" />
    </div>
  );
}

export function CodeInput({ id, label, value, onChange, recovery }: { id: string; label: string; value: string; onChange: (v: string) => void; recovery?: boolean }) {
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label fw-semibold small text-body-emphasis mb-1">
        {label}
      </label>
      <input
        id={id}
        className="form-control otp-input"
        style={{ maxWidth: 220 }}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        inputMode={recovery ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        maxLength={recovery ? 20 : 6}
        placeholder="000000"
      />
    </div>
  );
}

export function QrCode({ uri }: { uri: string }) {
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    let live = true;
    toDataURL(uri, { margin: 1, width: 192, errorCorrectionLevel: 'M' })
      .then((url) => live && setSrc(url))
      .catch(() => live && setSrc(undefined));
    return () => {
      live = false;
    };
  }, [uri]);
  return src ? <img src={src} width={192} height={192} alt="QR code to scan with your authenticator app" className="border rounded bg-white p-1" /> : <Loading label="Drawing the QR code..." />;
}
