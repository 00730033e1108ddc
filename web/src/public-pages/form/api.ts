// The public form page's calls (no token; the apiKey in the page's address names the organisation).
import type { BodyOf, ReplyOf } from '#shared/api-contract';
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_LABEL } from '#shared/uploads';
import { api } from '../../lib/api';

const none = { auth: 'none' as const };

// The form as the page shows it and one of its packages, from the API's contract (types only).
export type PublicForm = ReplyOf<'GET /leads/forms/{formId}'>;
export type PublicPackage = PublicForm['packages'][number];

export const getPublicForm = (formId: string, apiKey: string) =>
  api.get(`/leads/forms/${encodeURIComponent(formId)}`, { ...none, query: { apiKey } });

// The writes take an `idempotencyKey` (lib/idempotency.ts): a retry of the same submission, payment
// link or file sends the same key, so the server makes one lead, one payment, one stored file.

/** `headers`: the solved challenge of the form page (lib/challenge.tsx). */
export const submitForm = (formId: string, body: BodyOf<'POST /form-builder/form/{id}/submissions'>, idempotencyKey?: string, headers?: Record<string, string>) =>
  api.post(`/form-builder/form/${encodeURIComponent(formId)}/submissions`, body, { ...none, idempotencyKey, headers });

/** The payment link: the server prices it; `amount` (dollars) only for a package with a custom amount. */
export type PaymentLinkRequest = BodyOf<'POST /leads/payments/session'>;

export const createPaymentLink = (body: PaymentLinkRequest, idempotencyKey?: string) => api.post('/leads/payments/session', body, { ...none, idempotencyKey });

/** Uploads a visitor's file for a file field; resolves to the key to submit as the field's value. */
export async function uploadFormFile(formId: string, apiKey: string, file: File, idempotencyKey?: string): Promise<string> {
  if (file.size > MAX_UPLOAD_BYTES) throw new Error(`The file must be ${MAX_UPLOAD_LABEL} or smaller.`);
  const form = new FormData();
  form.append('apiKey', apiKey);
  form.append('file', file);
  const result = await api.post(`/leads/forms/${encodeURIComponent(formId)}/files`, undefined, { ...none, form, idempotencyKey });
  if (!result.success || !result.data.data?.key) throw new Error(result.message || 'The file could not be uploaded.');
  return result.data.data.key;
}
