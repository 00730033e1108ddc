// GET /patients[?search&limit&cursor]: the clinic's patients by name, a page at a time. Search finds a
// prefix of the email (with an @), of the phone digits' E.164 number, or of "first last" / "last first".
import { listPatientsQuery, listPatientsReply } from '#shared/patients/schemas';
import { endpoint } from '#http/http';
import { listPatients } from '#domain/patients/search';
import { patientView } from './lib/view';

export const handler = endpoint({ query: listPatientsQuery, reply: listPatientsReply }, async ({ query, caller }) => {
  const page = await listPatients(caller.orgId, { limit: query.limit ?? 25, cursor: query.cursor, search: query.search });
  return { data: { items: page.items.map(patientView), nextCursor: page.nextCursor } };
});
