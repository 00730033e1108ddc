// /forms/leads (Forms read): every form's submissions (leads), newest first.
import { Link } from 'react-router-dom';
import { ListCard } from '../../../components/list-card';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/layout';
import { useLeads } from '../api/forms';
import { formatDate, PaymentBadge } from '../components/status';
import { formSubmissionsPath, leadPath } from '../lib';

export function LeadsListPage() {
  usePageTitle('Leads', [{ title: 'Forms', path: paths.forms.list }]);
  const leads = useLeads();
  return (
    <ListCard
      titleId="leads-title"
      title="Leads"
      list={leads}
      noun="leads"
      empty={leads.items.length === 0}
      emptyText="No leads yet. They appear when visitors submit a form."
      columns={['Name', 'Email', 'Form', 'Package', 'Payment', 'Received']}
    >
      {leads.items.map((l) => (
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
    </ListCard>
  );
}

export { LeadsListPage as Component };
