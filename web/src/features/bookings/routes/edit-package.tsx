// /bookings/packages/:id (Bookings write): change a booking package. Under the form, the booking page's
// address with this package chosen (?package=), for the owner.
import { Link, useParams } from 'react-router-dom';
import { BookingPageLink, qrFileName } from '../../../components/booking-page-link';
import { Loading } from '../../../components/loading';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/layout';
import { updateBookingPackage, useBookingPackage } from '../../../lib/booking-packages';
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
  return (
    <div className="d-grid gap-4">
      <PackageForm initial={data} title={data.packageName} submitText="Save" save={(values) => updateBookingPackage(data.id, values)} />
      <BookingPageLink
        packageId={data.id}
        title="This package's booking page"
        description={data.isActive ? 'The booking page with this package already chosen.' : 'The booking page with this package already chosen. It is not offered while the package is inactive.'}
        fileName={qrFileName(data.packageName)}
      />
    </div>
  );
}

export { EditPackagePage as Component };
