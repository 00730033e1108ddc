// The intake form a package may ask (issue 36): one of this clinic's own forms, never another's; an
// unknown id is the client's mistake (400). A timing without a form is dropped; a form without a
// timing is asked on the booking page.
import type { IntakeTiming } from '#shared/bookings/schemas';
import { badRequest } from '#lib/errors';
import { getForm } from '../../data/forms';

export const UNKNOWN_INTAKE_FORM = 'The intake form must be one of your forms.';

export async function checkIntake(orgId: string, formId: string | null, timing: IntakeTiming | null | undefined): Promise<{ intakeFormId: string | null; intakeTiming: IntakeTiming | null }> {
  if (!formId) return { intakeFormId: null, intakeTiming: null };
  const form = await getForm(orgId, formId);
  if (!form) throw badRequest(UNKNOWN_INTAKE_FORM, { intakeFormId: UNKNOWN_INTAKE_FORM });
  return { intakeFormId: form.id, intakeTiming: timing ?? 'before_booking' };
}
