// POST /public/intake/files (multipart: token + file): a file for a file field of the intake form a
// by-mail link opens (issue 36). The same rules and folder as a public form's files
// (POST /leads/forms/{formId}/files): images and PDF, at most 4 MB, checked by their bytes, stored
// private; the key it returns is the value to submit. Idempotent: the file's name comes from the key.
import { intakeFileSchema, uploadIntakeFileReply } from '#shared/intake/schemas';
import { MAX_UPLOAD_BYTES } from '#shared/uploads';
import { badRequest } from '#lib/errors';
import { endpoint } from '#http/http';
import { IMAGE_TYPES, storeUpload } from '#lib/storage';
import { formUploadPrefix } from '#domain/forms/submissions';
import { openIntake } from './lib/open';

const FILE_TYPES = { ...IMAGE_TYPES, 'application/pdf': 'pdf' };

export const handler = endpoint({ body: intakeFileSchema, reply: uploadIntakeFileReply }, async ({ body, files, newId }) => {
  const { booking, form } = await openIntake(body.token);
  if (!form.fields.some((f) => f.type === 'file')) throw badRequest('This form does not take files.');
  const key = await storeUpload(files.file, { types: FILE_TYPES, maxBytes: MAX_UPLOAD_BYTES, prefix: formUploadPrefix(booking.orgId, form.id), visibility: 'private', name: newId('file') });
  return { status: 201, message: 'File uploaded.', data: { key } };
});
