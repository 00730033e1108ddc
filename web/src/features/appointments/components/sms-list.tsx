import { PagerFooter } from '../../../components/list-card';
import { Loading } from '../../../components/loading';
import { formatDate } from '../../../lib/dates';
import { useSmsList } from '../api/sms';
import { failureText } from '../../../lib/api';

/** The messages sent (to one customer, or all), newest first. */
export function SmsList({ customerId }: { customerId?: string }) {
  const list = useSmsList({ customerId });
  if (list.isLoading) return <Loading />;
  if (list.error) return <div className="alert alert-danger m-3" role="alert">{failureText(list.error, 'The messages could not be loaded.')}</div>;
  if (!list.page.length) return <p className="text-body-secondary text-center my-4">No messages sent yet.</p>;
  return (
    <>
      <ul className="list-group list-group-flush">
        {list.page.map((m) => (
          <li key={m.id} className="list-group-item">
            <div className="d-flex justify-content-between gap-2 small text-body-secondary">
              <span>
                To {m.customerName ? `${m.customerName} (${m.to})` : m.to} · by {m.sentByName}
              </span>
              <span>{formatDate(m.at)}</span>
            </div>
            <div style={{ whiteSpace: 'pre-line' }}>{m.message}</div>
            {m.status === 'failed' && <span className="badge bg-danger-subtle text-danger-emphasis">Not sent</span>}
          </li>
        ))}
      </ul>
      {(list.hasPrevious || list.hasMore) && <PagerFooter list={list} />}
    </>
  );
}
