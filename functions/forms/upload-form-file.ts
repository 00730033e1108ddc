// POST /leads/forms/{formId}/files (public, multipart: apiKey + file): a visitor's file for a file
// field. Images and PDF only, at most 4 MB, checked by their bytes. Stored private (never served at
// /assets): staff open it through GET /leads/{id}/files/{fieldId}. The key it returns is the value to
// submit; the submission accepts only keys of this form's upload folder. Idempotent: the file's name
// comes from the Idempotency-Key, so a retry stores the same object, not a second one.
import { publicFormQuerySchema, uploadFormFileReply } from '#shared/forms/schemas';
import { badRequest } from '#lib/errors';
import { endpoint } from '#http/http';
import { MAX_UPLOAD_BYTES } from '#shared/uploads';
import { IMAGE_TYPES, storeUpload } from '#lib/storage';
import { formUploadPrefix } from '#domain/forms/submissions';
import { findPublicForm } from '#domain/forms/views';

export const MAX_FORM_FILE_BYTES = MAX_UPLOAD_BYTES;
const FILE_TYPES = { ...IMAGE_TYPES, 'application/pdf': 'pdf' };

export const handler = endpoint({ body: publicFormQuerySchema, reply: uploadFormFileReply }, async ({ body, params, files, newId }) => {
  const { orgId, form } = await findPublicForm(body.apiKey, params.formId);
  if (!form.fields.some((f) => f.type === 'file')) throw badRequest('This form does not take files.');
  const key = await storeUpload(files.file, { types: FILE_TYPES, maxBytes: MAX_FORM_FILE_BYTES, prefix: formUploadPrefix(orgId, form.id), visibility: 'private', name: newId('file') });
  return { status: 201, message: 'File uploaded.', data: { key } };
});
