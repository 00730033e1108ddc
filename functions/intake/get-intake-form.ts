// POST /public/intake/form { token }: the intake form a by-mail link opens (issue 36), for which visit,
// and whether it was answered already.
import { getIntakeFormReply, intakeTokenSchema } from '#shared/intake/schemas';
import { patientLocale } from '#shared/i18n/locales';
import { endpoint } from '#http/http';
import { publicBrandOf } from '../data/organizations';
import { openIntake } from './lib/open';

export const handler = endpoint({ body: intakeTokenSchema, reply: getIntakeFormReply }, async ({ body }) => {
  const { booking, org, form } = await openIntake(body.token);
  return {
    data: {
      clinicName: org.name,
      clinicLanguage: booking.locale ?? (org.defaultLanguage ? patientLocale(org.defaultLanguage) : null),
      clinicBrand: publicBrandOf(org),
      bookingId: booking.id,
      packageName: booking.packageName,
      firstName: booking.firstName,
      startUtc: booking.startUtc,
      timeZone: booking.timeZone,
      formName: form.name,
      formDescription: form.description ?? '',
      fields: form.fields,
      answered: Boolean(booking.intakeSubmissionId),
    },
  };
});
