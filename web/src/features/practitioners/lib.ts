// Console paths of the practitioners area, built from the typed paths object.
import { paths } from '../../config/paths';

export const practitionerEditPath = (id: string) => paths.bookings.editPractitioner.replace(':id', encodeURIComponent(id));
