// /bookings/practitioners/add (Bookings write): a new practitioner.
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/layout';
import { createPractitioner } from '../../../lib/practitioners';
import { PractitionerForm } from '../components/practitioner-form';

export function AddPractitionerPage() {
  usePageTitle('Add Practitioner', [{ title: 'Bookings', path: paths.bookings.list }, { title: 'Practitioners', path: paths.bookings.practitioners }]);
  return <PractitionerForm title="New practitioner" submitText="Add Practitioner" save={(values) => createPractitioner(values)} />;
}

export { AddPractitionerPage as Component };
