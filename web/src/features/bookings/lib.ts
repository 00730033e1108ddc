// Console paths of the bookings feature, built from the typed paths object.
import { paths } from '../../config/paths';

export const bookingPath = (id: string) => paths.bookings.detail.replace(':id', encodeURIComponent(id));
export const packageEditPath = (id: string) => paths.bookings.editPackage.replace(':id', encodeURIComponent(id));
export const formatCents = (cents: number) => (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
