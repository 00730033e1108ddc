// POST /public/intake/submit { token, items }: the patient's answers to their booking's intake form from
// the by-mail link (issue 36), checked with the forms' rules against the form as it is now, stored as the
// form's submission and linked to that booking only (the token names it), once: a second send answers
// 409. The reminder, if still due, is then dropped by the sweep (it sees the answers).
import { INTAKE_PAGE_MESSAGES, intakeSubmitSchema } from '#shared/intake/schemas';
import { noData } from '#shared/common/schemas';
import { conflict } from '#lib/errors';
import { endpoint } from '#http/http';
import { checkIntakeAnswers, saveIntake } from '#domain/intake/intake';
import { openIntake } from './lib/open';

export const handler = endpoint({ body: intakeSubmitSchema, reply: noData }, async ({ body }) => {
  const { booking, form } = await openIntake(body.token);
  if (booking.intakeSubmissionId) throw conflict(INTAKE_PAGE_MESSAGES.done);
  const answers = checkIntakeAnswers(booking.orgId, form, body.items);
  // False: answered meanwhile (another tab, a double click) or cancelled at this moment.
  if (!(await saveIntake(booking, form, answers, 'by_mail', ['confirmed']))) throw conflict(INTAKE_PAGE_MESSAGES.done);
  return { status: 201, message: 'Thank you. Your answers were sent to the clinic.' };
});
