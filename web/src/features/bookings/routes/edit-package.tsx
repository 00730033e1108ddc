// /bookings/packages/:id (Bookings write): change a booking package.
import { Link, useParams } from 'react-router-dom';
import { Loading } from '../../../components/loading';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/layout';
import { updateBookingPackage, useBookingPackage } from '../api/packages';
import { PackageForm } from '../components/package-form';
import { failureText } from '../../../lib/api';

export function EditPackagePage() {
  const { id } = useParams();
  usePageTitle('Edit Booking Package', [{ title: 'Bookings', path: paths.bookings.list }, { title: 'All Booking Packages', path: paths.bookings.packages }]);
  const { data, error, isLoading } = useBookingPackage(id);
  if (isLoading) return <Loading label="Loading the package..." showLabel />;
  if (error || !data) {
    return (
      <div className="alert alert-danger" role="alert">
        {failureText(error, 'Booking package not found.')} <Link to={paths.bookings.packages} className="alert-link">Back to packages</Link>
      </div>
    );
  }
  return <PackageForm initial={data} title={data.packageName} submitText="Save" save={(values) => updateBookingPackage(data.id, values)} />;
}

export { EditPackagePage as Component };
