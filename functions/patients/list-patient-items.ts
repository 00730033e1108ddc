// GET /patients/{id}/items[?limit&cursor]: a page of the patient's record, newest first: bookings,
// appointments, form answers, payments and refunds, the mails and texts sent to them, and staff notes.
import { patientItemsQuery, patientItemsReply } from '#shared/patients/schemas';
import { endpoint } from '#http/http';
import { patientItems } from '#domain/patients/timeline';
import { patientOr404 } from './lib/view';

export const handler = endpoint({ query: patientItemsQuery, reply: patientItemsReply }, async ({ params, query, caller }) => {
  const patient = await patientOr404(caller.orgId, params.id);
  return { data: await patientItems(caller.orgId, patient, query.limit ?? 25, query.cursor) };
});
