// On the organisation page, when the clinic charges in a currency that has ended (BGN since 2026-01-01,
// ANG since 2025-03-31): a notice naming its successor and, for the owner, the move: a preview of every
// price at the official fixed rate (old and new amount) and a confirmation. The server converts the
// prices and the clinic's currency once (a second click or a retry converts nothing twice).
import { useState } from 'react';
import { ENDED_CURRENCIES, currencyOf, formatMoney } from '#shared/currency';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Loading } from '../../../components/loading';
import { api, failureText } from '../../../lib/api';
import { formatDate } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { useApi } from '../../../lib/swr';

const KIND: Record<string, string> = { 'booking-package': 'Booking package', 'form-package': 'Form package', service: 'Service' };

export function CurrencyMoveNotice({ currency, isOwner, onMoved }: { currency: string | undefined; isOwner: boolean; onMoved: () => Promise<unknown> }) {
  const from = currencyOf(currency);
  const ended = ENDED_CURRENCIES[from];
  // Asked for only when there is a move to offer, and only by the owner (the route is theirs).
  const { data, error, isLoading, mutate } = useApi(ended && isOwner ? '/organization/currency-move' : null);
  const [asking, setAsking] = useState(false);
  if (!ended) return null;
  const FROM = from.toUpperCase();
  const TO = ended.successor.toUpperCase();

  const move = async () => {
    const result = await api.post('/organization/currency-move', { from });
    if (!result.success || !result.data.data) return result.message || `The prices could not be moved to ${TO}.`;
    setAsking(false);
    notify.success(result.message, { long: true });
    await Promise.all([onMoved(), mutate()]);
  };

  return (
    <div className="alert alert-warning mb-0" role="status" aria-labelledby="currency-move-title">
      <h2 id="currency-move-title" className="h6 fw-bold">
        {FROM} ended on {formatDate(`${ended.endedOn}T12:00:00Z`, { dateStyle: 'long', timeZone: 'UTC' })}: its successor is {TO}
      </h2>
      <p className="mb-2">
        Your clinic still prices and charges in {FROM}. Moving to {TO} converts every price at the official fixed rate of {ended.rate} {FROM} = 1 {TO}, rounded to the nearest cent, and
        charges in {TO} from then on. Payments already made stay as they were.
      </p>
      {!isOwner ? (
        <p className="mb-0 small">Only the owner can move the clinic to {TO}.</p>
      ) : isLoading ? (
        <Loading label="Loading the prices..." />
      ) : error || !data ? (
        <p className="mb-0 text-danger">{failureText(error, 'The prices to convert could not be loaded.')}</p>
      ) : (
        <button type="button" className="btn btn-warning" onClick={() => setAsking(true)}>
          Review the move to {TO}
        </button>
      )}
      {data && (
        <ConfirmDialog
          show={asking}
          title={`Move from ${FROM} to ${TO}?`}
          confirmText={`Convert and move to ${TO}`}
          busyText="Converting..."
          cancelText={`Keep ${FROM} for now`}
          variant="primary"
          networkError="The prices could not be moved. Please check your connection and try again: nothing is converted twice."
          onHide={() => setAsking(false)}
          onConfirm={move}
        >
          {data.prices.length ? (
            <>
              <p>
                {data.prices.length === 1 ? 'This price is converted' : `These ${data.prices.length} prices are converted`} at {data.rate} {FROM} = 1 {TO} (deposits and fees of booking packages alike):
              </p>
              <div className="table-responsive">
                <table className="table table-sm align-middle mb-2">
                  <thead>
                    <tr>
                      <th scope="col">Price</th>
                      <th scope="col" className="text-end">{FROM}</th>
                      <th scope="col" className="text-end">{TO}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.prices.map((p) => (
                      <tr key={`${p.kind}:${p.id}`}>
                        <td>
                          {p.name}
                          <span className="d-block small text-body-secondary">{KIND[p.kind]}</span>
                        </td>
                        <td className="text-end text-nowrap">{formatMoney(p.fromMinor, data.from)}</td>
                        <td className="text-end text-nowrap fw-semibold">{formatMoney(p.toMinor, data.to)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          ) : (
            <p>No price is set in {FROM}: only the clinic&apos;s currency changes.</p>
          )}
          <p className="mb-0 small text-body-secondary">It cannot be undone: {FROM} cannot be chosen again. It can happen only while no booking is held and no card payment is open.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
