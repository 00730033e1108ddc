// Send a text message to a customer (their phone) or a number: a plus sign and 10 to 15 digits,
// at most 480 characters.
import { useState } from 'react';
import { SMS_MAX_LENGTH } from '#shared/sms/schemas';
import { E164_PHONE } from '#shared/common/schemas';
import { Busy } from '../../../components/loading';
import { notify } from '../../../lib/notify';
import { sendSms } from '../api/sms';
import { failureText } from '../../../lib/api';

export function SendSmsForm({ customerId, customerPhone, onSent }: { customerId?: string; customerPhone?: string; onSent: () => void }) {
  const [phone, setPhone] = useState(customerPhone ?? '');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const phoneError = phone && !E164_PHONE.test(phone.trim()) ? 'Invalid phone number (e.g., +1234567890)' : undefined;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const result = await sendSms({ customerId, phone: phone.trim() && phone.trim() !== customerPhone ? phone.trim() : customerId ? undefined : phone.trim(), message });
      if (result.success) {
        notify.success(result.message);
        setMessage('');
        onSent();
      } else setError(Object.values(result.data.errors ?? {})[0] ?? failureText(result, 'The message could not be sent.'));
    } catch {
      setError('The message could not be sent. Please check your connection.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Send a text message">
      {error && <div className="alert alert-danger" role="alert">{error}</div>}
      <div className="mb-3">
        <label htmlFor="sms-phone" className="form-label fw-semibold small">Phone number</label>
        <input id="sms-phone" type="tel" className={`form-control${phoneError ? ' is-invalid' : ''}`} placeholder="+1234567890" value={phone} onChange={(e) => setPhone(e.target.value)} />
        {phoneError && <div className="invalid-feedback">{phoneError}</div>}
      </div>
      <div className="mb-3">
        <label htmlFor="sms-message" className="form-label fw-semibold small">Message</label>
        <textarea id="sms-message" className="form-control" rows={4} maxLength={SMS_MAX_LENGTH} value={message} onChange={(e) => setMessage(e.target.value)} />
        <div className="form-text text-end">{message.length} / {SMS_MAX_LENGTH}</div>
      </div>
      <div className="d-flex justify-content-end">
        <button type="submit" className="btn btn-primary" disabled={busy || !message.trim() || (!phone.trim() && !customerId) || Boolean(phoneError)}>
          {busy ? <Busy>Sending...</Busy> : 'Send'}
        </button>
      </div>
    </form>
  );
}
