// POST /patients/{id}/merge { fromId }: merges another record of the same person into this one: their
// bookings, appointments, answers, payments, mails and notes move here, their email and phone find this
// patient, and the other record is gone. Safe to send again (a retry finishes the same merge).
import { mergePatientsReply, mergePatientsSchema } from '#shared/patients/schemas';
import { endpoint } from '#http/http';
import { conflict } from '#lib/errors';
import { mergePatients, MERGE_SAME } from '#domain/patients/merge';
import { patientView } from './lib/view';

// 409 also when the other record was merged into a third one already (the domain says so).
export const handler = endpoint({ body: mergePatientsSchema, reply: mergePatientsReply }, async ({ params, body, caller }) => {
  if (params.id === body.fromId) throw conflict(MERGE_SAME);
  const patient = await mergePatients(caller.orgId, params.id, body.fromId, caller.userId);
  return { message: 'The records are merged.', data: patientView(patient) };
});
