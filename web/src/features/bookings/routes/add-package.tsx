// /bookings/packages/add (Bookings write): a new booking package.
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/layout';
import { createBookingPackage } from '../../../lib/booking-packages';
import { PackageForm } from '../components/package-form';

export function AddPackagePage() {
  usePageTitle('Add Booking Package', [{ title: 'Bookings', path: paths.bookings.list }, { title: 'All Booking Packages', path: paths.bookings.packages }]);
  return <PackageForm title="New booking package" submitText="Add Package" save={(values) => createBookingPackage({ ...values, packagePrice: values.packagePrice ?? '' })} />;
}

export { AddPackagePage as Component };
