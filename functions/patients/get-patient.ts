// GET /patients/{id}: one patient (404 once merged into another record or erased).
import { getPatientReply } from '#shared/patients/schemas';
import { endpoint } from '#http/http';
import { patientOr404, patientView } from './lib/view';

export const handler = endpoint({ reply: getPatientReply }, async ({ params, caller }) => ({ data: patientView(await patientOr404(caller.orgId, params.id)) }));
