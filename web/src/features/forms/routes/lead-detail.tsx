// /forms/leads/:id (Forms read): one lead with every answer and the payments made for it.
import { Link, useParams } from 'react-router-dom';
import { Loading } from '../../../components/loading';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/layout';
import { useLead } from '../api/forms';
import { Answers } from '../components/answers';
import { PaymentsTable } from '../components/payments-table';
import { formatDate, PaymentBadge } from '../components/status';
import { formSubmissionsPath } from '../lib';
import { failureText } from '../../../lib/api';

export function LeadDetailPage() {
  const { id } = useParams();
  const { data, error, isLoading } = useLead(id);
  usePageTitle(data?.name ?? data?.email ?? 'Lead', [{ title: 'Forms', path: paths.forms.list }, { title: 'Leads', path: paths.forms.leads }]);
  if (isLoading) return <Loading label="Loading the lead..." showLabel />;
  if (error || !data) {
    return (
      <div className="alert alert-danger" role="alert">
        {failureText(error, 'Lead not found.')} <Link to={paths.forms.leads}>Back to the leads</Link>
      </div>
    );
  }
  const flagged = data.payments.filter((p) => p.needsAttention);
  return (
    <>
      {flagged.map((p) => (
        <div key={p.id} className="alert alert-warning" role="status">
          <i className="bi bi-exclamation-triangle me-2" aria-hidden="true" />
          Payment for {p.packageName} needs attention: {p.needsAttention}
        </div>
      ))}
      <section className="card border-0 shadow-sm mb-4" aria-labelledby="lead-title">
        <div className="card-header bg-transparent py-3 d-flex flex-wrap gap-2 align-items-center justify-content-between">
          <h2 id="lead-title" className="h6 fw-bold mb-0">{data.name ?? data.email ?? 'Visitor'}</h2>
          <div className="d-flex gap-2 align-items-center">
            <PaymentBadge status={data.paymentStatus} />
            <span className="small text-body-secondary">{formatDate(data.createdAt)}</span>
          </div>
        </div>
        <div className="card-body">
          <p className="small text-body-secondary">
            Form: <Link to={formSubmissionsPath(data.formId)}>{data.formName}</Link>
            {data.packageName && <> · Package: {data.packageName}</>}
          </p>
          <Answers leadId={data.id} answers={data.answers} />
        </div>
      </section>
      <section className="card border-0 shadow-sm" aria-labelledby="lead-payments-title">
        <div className="card-header bg-transparent py-3">
          <h2 id="lead-payments-title" className="h6 fw-bold mb-0">Payments</h2>
        </div>
        <div className="card-body p-0">
          <PaymentsTable payments={data.payments} />
        </div>
      </section>
    </>
  );
}

export { LeadDetailPage as Component };
