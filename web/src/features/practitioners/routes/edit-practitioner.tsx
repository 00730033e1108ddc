// /bookings/practitioners/:id (Bookings read; write to change, delete to delete): one practitioner.
import { Link, useParams } from 'react-router-dom';
import { BookingPageLink } from '../../../components/booking-page-link';
import { Loading } from '../../../components/loading';
import { paths } from '../../../config/paths';
import { failureText } from '../../../lib/api';
import { usePageTitle } from '../../../lib/layout';
import { deletePractitioner, updatePractitioner, usePractitioner } from '../../../lib/practitioners';
import { PractitionerFeedCard } from '../components/practitioner-feed-card';
import { PractitionerForm } from '../components/practitioner-form';

export function EditPractitionerPage() {
  const { id } = useParams();
  usePageTitle('Practitioner', [{ title: 'Bookings', path: paths.bookings.list }, { title: 'Practitioners', path: paths.bookings.practitioners }]);
  const { data, error, isLoading } = usePractitioner(id);
  if (isLoading) return <Loading label="Loading the practitioner..." showLabel />;
  if (error || !data) {
    return (
      <div className="alert alert-danger" role="alert">
        {failureText(error, 'Practitioner not found.')} <Link to={paths.bookings.practitioners} className="alert-link">Back to practitioners</Link>
      </div>
    );
  }
  return (
    <div className="d-grid gap-4">
      <PractitionerForm
        key={`${data.id}-${data.updatedAt}`}
        initial={data}
        title={data.name}
        submitText="Save"
        save={(values) => updatePractitioner(data.id, values)}
        remove={() => deletePractitioner(data.id)}
      />
      {data.isActive && <BookingPageLink practitionerId={data.id} title={`Booking page of ${data.name}`} description="Patients who open this address book with this practitioner." fileName={`booking-page-${data.id}-qr`} />}
      <PractitionerFeedCard practitioner={data} />
    </div>
  );
}

export { EditPractitionerPage as Component };
