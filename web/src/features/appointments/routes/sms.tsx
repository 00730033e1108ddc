// /sms (Appointment read; sending needs Appointment write): send a text message and see what was sent.
import { useSWRConfig } from 'swr';
import { usePageTitle } from '../../../lib/layout';
import { useAccess } from '../../../lib/roles';
import { SendSmsForm } from '../components/send-sms-form';
import { SmsList } from '../components/sms-list';

export function SmsPage() {
  usePageTitle('SMS', [{ title: 'Service Management' }]);
  const canWrite = useAccess()({ module: 'Appointment', action: 'write' });
  const { mutate } = useSWRConfig();
  const refresh = () => void mutate((key) => typeof key === 'string' && key.startsWith('/sms'));
  return (
    <div className="row g-4">
      {canWrite && (
        <div className="col-lg-5">
          <section className="card border-0 shadow-sm" aria-labelledby="send-title">
            <div className="card-header bg-transparent py-3">
              <h2 id="send-title" className="h6 fw-bold mb-0">Send a text message</h2>
            </div>
            <div className="card-body">
              <SendSmsForm onSent={refresh} />
            </div>
          </section>
        </div>
      )}
      <div className={canWrite ? 'col-lg-7' : 'col-12'}>
        <section className="card border-0 shadow-sm" aria-labelledby="sent-title">
          <div className="card-header bg-transparent py-3">
            <h2 id="sent-title" className="h6 fw-bold mb-0">Sent messages</h2>
          </div>
          <SmsList />
        </section>
      </div>
    </div>
  );
}

export { SmsPage as Component };
