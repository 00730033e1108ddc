// The form builder's calls: forms (list, one, save, delete), their packages, submissions and payments;
// form packages (pricing tiers) and their images; leads.
import type { ReplyOf } from '#shared/api-contract';
import type { FormInput, FormPackageInput } from '#shared/forms/schemas';
import { api } from '../../../lib/api';
import { usePaged } from '../../../lib/paged';
import { useApi } from '../../../lib/swr';

// The answers' types, from the API's contract (the handlers' reply schemas).
/** A form; `packages` on the detail only. */
export type FormView = ReplyOf<'GET /form-builder/form/{id}'>;
export type PackageView = ReplyOf<'GET /packages/{id}'>;
export type SubmissionView = ReplyOf<'GET /form-builder/form/{id}/submissions'>['items'][number];
export type SubmissionAnswer = SubmissionView['answers'][number];
export type PaymentView = ReplyOf<'GET /leads/payment-submissions/form/{id}'>['items'][number];
export type PaymentStatus = PaymentView['status'];

const enc = encodeURIComponent;
export const formKey = (id: string) => `/form-builder/form/${enc(id)}` as const;
export const packageKey = (id: string) => `/packages/${enc(id)}` as const;

export const useForms = () => usePaged('/form-builder/form');
export const useFormDetail = (id: string | undefined) => useApi(id ? formKey(id) : null);
export const createForm = (body: FormInput) => api.post('/form-builder/form', body);
export const updateForm = (id: string, body: FormInput) => api.put(formKey(id), body);
export const deleteForm = (id: string) => api.delete(formKey(id));
export const quickCreateForm = (formName: string) => api.post('/forms/create', { formName });

export const useSubmissions = (formId: string | undefined) => usePaged(formId ? `${formKey(formId)}/submissions` : null);
export const useFormPayments = (formId: string | undefined) => usePaged(formId ? `/leads/payment-submissions/form/${enc(formId)}` : null);

export const usePackages = (pageSize = 25) => usePaged('/packages', { pageSize });
export const usePackage = (id: string | undefined) => useApi(id ? packageKey(id) : null);
export const createPackage = (body: FormPackageInput) => api.post('/packages', body);
export const updatePackage = (id: string, body: FormPackageInput) => api.put(packageKey(id), body);
export const deletePackage = (id: string) => api.delete(packageKey(id));
export function uploadPackageImage(packageId: string, file: File) {
  const form = new FormData();
  form.append('packageId', packageId);
  form.append('file', file);
  return api.post('/leads/update-package-image', undefined, { form });
}

export const useLeads = () => usePaged('/leads');
export const useLead = (id: string | undefined) => useApi(id ? `/leads/${enc(id)}` : null);

/** The organisation's public key (owner only): the public page's address needs it. */
export const useIntegrationKey = (enabled: boolean) =>
  useApi(enabled ? '/organization/integration' : null, { shouldRetryOnError: false, revalidateOnFocus: false });

/** A short-lived link to a file a visitor uploaded with a lead (private files). */
export const leadFileLink = (leadId: string, fieldId: string) => api.get(`/leads/${enc(leadId)}/files/${enc(fieldId)}`);
