// POST /patients/{id}/notes { text }: a staff note in the patient's record, with its audit entry. With
// an Idempotency-Key, a retry gets the first answer and adds no second note.
import { addNoteReply, addNoteSchema } from '#shared/patients/schemas';
import { endpoint } from '#http/http';
import { auditItem } from '../data/audit';
import { transact } from '../data/core';
import { callerName } from '#domain/appointments/actors';
import { patientItemPut } from '../data/patients';
import { patientOr404 } from './lib/view';

export const handler = endpoint({ body: addNoteSchema, reply: addNoteReply }, async ({ params, body, caller, newId }) => {
  const patient = await patientOr404(caller.orgId, params.id);
  const at = new Date().toISOString();
  const id = newId('note');
  const authorName = await callerName(caller);
  await transact([
    patientItemPut(caller.orgId, patient.customer.id, { kind: 'note', refId: id, at, text: body.text, authorId: caller.userId, authorName }),
    auditItem({ orgId: caller.orgId, actorId: caller.userId, module: 'Customers', action: 'create', recordType: 'patient-note', recordId: patient.customer.id, summary: 'Added a note to a patient' }),
  ]);
  return { status: 201, message: 'The note is added.', data: { kind: 'note' as const, id, at, title: '', text: body.text, status: null, when: null, amountMinor: null, refundedMinor: null, currency: null, by: authorName } };
});
