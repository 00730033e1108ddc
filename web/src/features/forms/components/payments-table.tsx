// Payments with their state: amount, package, payer, when.
import { Link } from 'react-router-dom';
import { currencyOf, formatMoney } from '#shared/currency';
import type { PaymentView } from '../api/forms';
import { leadPath } from '../lib';
import { formatDate, PaymentBadge } from './status';
import { ResponsiveTable } from '../../../components/responsive-table';

export function PaymentsTable({ payments, showLead = false }: { payments: PaymentView[]; showLead?: boolean }) {
  if (payments.length === 0) return <p className="text-body-secondary small m-3">No payments yet.</p>;
  return (
    <ResponsiveTable className="">
      <thead>
        <tr>
          <th scope="col" className="ps-4">Started</th>
          <th scope="col">Package</th>
          <th scope="col">Amount</th>
          <th scope="col">Payer</th>
          <th scope="col">Status</th>
          <th scope="col">Paid</th>
          {showLead && <th scope="col"><span className="visually-hidden">Lead</span></th>}
        </tr>
      </thead>
      <tbody>
        {payments.map((p) => (
          <tr key={p.id}>
            <td className="ps-4 small">{formatDate(p.createdAt)}</td>
            <td>{p.packageName}</td>
            <td>
              {formatMoney(p.amountPaidCents ?? p.amountCents, currencyOf(p.currency))}
              {p.refundedCents ? <div className="small text-body-secondary">{formatMoney(p.refundedCents, currencyOf(p.currency))} refunded</div> : null}
            </td>
            <td className="small">{p.payerEmail ?? 'Not Provided'}</td>
            <td>
              <PaymentBadge status={p.status} />
              {p.needsAttention && (
                <div className="small text-warning-emphasis mt-1">
                  <i className="bi bi-exclamation-triangle-fill text-warning me-1" aria-hidden="true" />
                  {p.needsAttention}
                </div>
              )}
            </td>
            <td className="small">{p.paidAt ? formatDate(p.paidAt) : '—'}</td>
            {showLead && (
              <td>
                <Link to={leadPath(p.submissionId)} className="btn btn-sm btn-light">Lead</Link>
              </td>
            )}
          </tr>
        ))}
      </tbody>
      </ResponsiveTable>
  );
}
