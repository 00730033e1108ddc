// /forms/leads (Forms read): every form's submissions (leads), newest first.
import { Link } from 'react-router-dom';
import { LoadMoreFooter } from '../../../components/load-more-footer';
import { ListBody } from '../../../components/list-body';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/layout';
import { useLeads } from '../api/forms';
import { formatDate, PaymentBadge } from '../components/status';
import { formSubmissionsPath, leadPath } from '../lib';
import { ResponsiveTable } from '../../../components/responsive-table';

export function LeadsListPage() {
  usePageTitle('Leads', [{ title: 'Forms', path: paths.forms.list }]);
  const { items, error, isLoading, isLoadingMore, hasMore, loadMore, reload } = useLeads();
  return (
    <section className="card border-0 shadow-sm" aria-labelledby="leads-title">
      <div className="card-header bg-transparent py-3">
        <h2 id="leads-title" className="h6 fw-bold mb-0">Leads</h2>
      </div>
      <div className="card-body p-0">
        <ListBody
          loading={isLoading}
          loadingLabel="Loading leads..."
          error={error}
          errorText="The leads could not be loaded."
          onRetry={reload}
          empty={items.length === 0}
          emptyText="No leads yet. They appear when visitors submit a form."
        >
          <ResponsiveTable>
            <thead>
              <tr>
                <th scope="col" className="ps-4">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Form</th>
                <th scope="col">Package</th>
                <th scope="col">Payment</th>
                <th scope="col">Received</th>
              </tr>
            </thead>
            <tbody>
              {items.map((l) => (
                <tr key={l.id}>
                  <td className="ps-4 fw-semibold">
                    <Link to={leadPath(l.id)} className="text-reset">{l.name ?? 'Visitor'}</Link>
                  </td>
                  <td>{l.email ?? 'Not Provided'}</td>
                  <td><Link to={formSubmissionsPath(l.formId)}>{l.formName}</Link></td>
                  <td>{l.packageName ?? '—'}</td>
                  <td><PaymentBadge status={l.paymentStatus} /></td>
                  <td className="small text-body-secondary">{formatDate(l.createdAt)}</td>
                </tr>
              ))}
            </tbody>
            </ResponsiveTable>
        </ListBody>
      </div>
      <LoadMoreFooter hasMore={hasMore} loading={isLoadingMore} onLoadMore={loadMore} />
    </section>
  );
}

export { LeadsListPage as Component };
