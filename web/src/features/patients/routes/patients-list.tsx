// /patients (Appointment read): the clinic's patients, one record per person, by name; search by a
// prefix of the name or the email, or a phone number.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ListCard, PagerFooter, SearchBox } from '../../../components/list-card';
import { formatDate } from '../../../lib/dates';
import { usePageTitle } from '../../../lib/layout';
import { useDebounced } from '../../../lib/use-debounced';
import { usePatients } from '../api/patients';
import { patientPath } from '../paths';

export function PatientsListPage() {
  usePageTitle('Patients', [{ title: 'Service Management' }]);
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim());
  const list = usePatients({ search: term || undefined });

  return (
    <ListCard
      titleId="patients-title"
      title="Patients"
      actions={<SearchBox label="Search patients" placeholder="Name, email or phone" value={search} onChange={setSearch} />}
      list={list}
      retry={false}
      noun="patients"
      empty={list.page.length === 0}
      emptyText={term ? `No patient matches "${term}".` : 'No patients yet. Bookings, appointments and form answers add them.'}
      columns={['Name', 'Email', 'Phone', 'Since']}
      footer={<PagerFooter list={list} />}
    >
      {list.page.map((p) => (
        <tr key={p.id}>
          <td className="ps-4"><Link to={patientPath(p.id)} className="fw-semibold text-body-emphasis">{p.fullName || 'No name given'}</Link></td>
          <td className="small text-break">{p.email ?? 'Not Provided'}</td>
          <td className="small text-nowrap">{p.phone ?? 'Not Provided'}</td>
          <td className="small text-nowrap">{formatDate(p.createdAt, { dateStyle: 'medium' })}</td>
        </tr>
      ))}
    </ListCard>
  );
}

export { PatientsListPage as Component };
