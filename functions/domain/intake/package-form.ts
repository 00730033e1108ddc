// Which of the clinic's forms a booking package asks before the visit, and when (a file of its own: the
// outbox worker's mail subscriber needs it without the forms' validation rules).
import type { IntakeTiming } from '#shared/bookings/schemas';
import type { BookingPackageRecord } from '../../data/booking-packages';
import { getForm, type FormRecord } from '../../data/forms';

/** The package's intake form and when it is asked; undefined when it asks none (or its form was deleted). */
export async function intakeFormOf(pkg: Pick<BookingPackageRecord, 'orgId' | 'intakeFormId' | 'intakeTiming'>): Promise<{ form: FormRecord; timing: IntakeTiming } | undefined> {
  if (!pkg.intakeFormId) return undefined;
  const form = await getForm(pkg.orgId, pkg.intakeFormId);
  return form ? { form, timing: pkg.intakeTiming ?? 'before_booking' } : undefined;
}
