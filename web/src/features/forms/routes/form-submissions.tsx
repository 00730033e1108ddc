// /form-builder/:id/submissions (Forms read): a form's submissions with every answer, and its payments.
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ListCard } from '../../../components/list-card';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/layout';
import { useFormDetail, useFormPayments, useSubmissions } from '../api/forms';
import { Answers } from '../components/answers';
import { PaymentsTable } from '../components/payments-table';
import { formatDate, PaymentBadge } from '../components/status';
import { formEditPath, leadPath } from '../lib';
import { failureText } from '../../../lib/api';

export function FormSubmissionsPage() {
  const { id = '' } = useParams();
  const form = useFormDetail(id);
  usePageTitle(form.data ? `Submissions: ${form.data.name}` : 'Submissions', [{ title: 'Form Builder', path: paths.formBuilder.list }]);
  const subs = useSubmissions(id);
  const payments = useFormPayments(id);
  const [open, setOpen] = useState<string>();

  if (form.error) {
    return (
      <div className="alert alert-danger" role="alert">
        {failureText(form.error, 'Form not found.')} <Link to={paths.formBuilder.list}>Back to the forms</Link>
      </div>
    );
  }
  return (
    <>
      <ListCard
        className="mb-4"
        titleId="subs-title"
        title={`Submissions${form.data ? ` of ${form.data.name}` : ''}`}
        actions={<Link to={formEditPath(id)} className="btn btn-sm btn-light">Open in the builder</Link>}
        list={subs}
        retry={false}
        noun="submissions"
        empty={subs.items.length === 0}
        emptyText="No submissions yet."
      >
      <ul className="list-group list-group-flush">
        {subs.items.map((s) => (
          <li className="list-group-item px-4 py-3" key={s.id}>
            <div className="d-flex flex-wrap gap-3 align-items-center">
              <button type="button" className="btn btn-link p-0 text-start fw-semibold" aria-expanded={open === s.id} onClick={() => setOpen(open === s.id ? undefined : s.id)}>
                {s.name ?? s.email ?? 'Visitor'}
              </button>
              <span className="small text-body-secondary">{s.email}</span>
              {s.packageName && <span className="badge bg-body-secondary text-body-emphasis">{s.packageName}</span>}
              <PaymentBadge status={s.paymentStatus} />
              <span className="ms-auto small text-body-secondary">{formatDate(s.createdAt)}</span>
              <Link to={leadPath(s.id)} className="btn btn-sm btn-light">Details</Link>
            </div>
            {open === s.id && (
              <div className="mt-3">
                <Answers leadId={s.id} answers={s.answers} />
              </div>
            )}
          </li>
        ))}
      </ul>
      </ListCard>
      <ListCard titleId="payments-title" title="Payments" list={payments} retry={false} noun="payments" empty={false} emptyText="">
        <PaymentsTable payments={payments.items} showLead />
      </ListCard>
    </>
  );
}

export { FormSubmissionsPage as Component };
