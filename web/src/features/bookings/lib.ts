// Console paths of the bookings feature, built from the typed paths object.
import { currencyOf, formatMoney } from '#shared/currency';
import { paths } from '../../config/paths';

export const bookingPath = (id: string) => paths.bookings.detail.replace(':id', encodeURIComponent(id));
export const packageEditPath = (id: string) => paths.bookings.editPackage.replace(':id', encodeURIComponent(id));
/** Minor units in their currency ('$49.50', '¥5,000'); records from before currencies are in USD. */
export const formatCents = (minor: number, currency?: string) => formatMoney(minor, currencyOf(currency));
/** Who booked, as staff read it; a booking whose patient was erased (issue 36) keeps no name, and says so. */
export const visitorName = (b: { firstName: string; lastName: string }) => `${b.firstName} ${b.lastName}`.trim() || 'Personal data erased';
