// The form builder's calls: forms (list, one, save, delete), their packages, submissions and payments;
// form packages (pricing tiers) and their images; leads.
import useSWR from 'swr';
import type { FormField, PublicForm, PublicPackage } from '#shared/forms/types';
import type { FormInput, FormPackageInput } from '#shared/schemas/forms';
import { api, fetcher } from '../../../lib/api';
import { usePaged } from '../../../lib/paged';

export type PackageView = PublicPackage & { createdAt: string; updatedAt: string };

export interface FormView extends Omit<PublicForm, 'packages'> {
  packageIds: string[];
  createdAt: string;
  updatedAt: string;
  /** On the detail only. */
  packages?: PackageView[];
}

export type PaymentStatus = 'pending' | 'paid' | 'expired' | 'failed' | 'refunded' | 'partially_refunded';

export interface SubmissionAnswer {
  fieldId: string;
  label: string;
  type: FormField['type'];
  value: string | string[];
}

export interface SubmissionView {
  id: string;
  formId: string;
  formName: string;
  answers: SubmissionAnswer[];
  packageId: string | null;
  packageName: string | null;
  email: string | null;
  name: string | null;
  paymentStatus: PaymentStatus | 'none';
  paymentId: string | null;
  createdAt: string;
}

export type LeadSummary = Omit<SubmissionView, 'answers' | 'paymentId'>;

export interface PaymentView {
  id: string;
  formId: string;
  formName: string;
  submissionId: string;
  packageName: string;
  /** Major units of `currency`; the *Cents fields are minor units of it. */
  amount: number;
  amountCents: number;
  /** Lowercase ISO code (absent on payments from before currencies: USD). */
  currency?: string;
  amountPaidCents: number | null;
  refundedCents: number | null;
  status: PaymentStatus;
  payerEmail: string | null;
  payerName: string | null;
  paidAt: string | null;
  /** Set when staff must act (the paid amount differs from the price): what to check. */
  needsAttention?: string | null;
  createdAt: string;
}

export type LeadDetail = SubmissionView & { payments: PaymentView[] };

const enc = encodeURIComponent;
export const formKey = (id: string) => `/form-builder/form/${enc(id)}`;
export const packageKey = (id: string) => `/packages/${enc(id)}`;

export const useForms = () => usePaged<FormView>('/form-builder/form');
export const useFormDetail = (id: string | undefined) => useSWR<FormView>(id ? formKey(id) : null, fetcher);
export const createForm = (body: FormInput) => api.post<FormView>('/form-builder/form', body);
export const updateForm = (id: string, body: FormInput) => api.put<FormView>(formKey(id), body);
export const deleteForm = (id: string) => api.delete(formKey(id));
export const quickCreateForm = (formName: string) => api.post<FormView>('/forms/create', { formName });

export const useSubmissions = (formId: string | undefined) => usePaged<SubmissionView>(formId ? `${formKey(formId)}/submissions` : null);
export const useFormPayments = (formId: string | undefined) => usePaged<PaymentView>(formId ? `/leads/payment-submissions/form/${enc(formId)}` : null);

export const usePackages = (pageSize = 25) => usePaged<PackageView>('/packages', { pageSize });
export const usePackage = (id: string | undefined) => useSWR<PackageView>(id ? packageKey(id) : null, fetcher);
export const createPackage = (body: FormPackageInput) => api.post<PackageView>('/packages', body);
export const updatePackage = (id: string, body: FormPackageInput) => api.put<PackageView>(packageKey(id), body);
export const deletePackage = (id: string) => api.delete(packageKey(id));
export function uploadPackageImage(packageId: string, file: File) {
  const form = new FormData();
  form.append('packageId', packageId);
  form.append('file', file);
  return api.post<PackageView>('/leads/update-package-image', undefined, { form });
}

export const useLeads = () => usePaged<LeadSummary>('/leads');
export const useLead = (id: string | undefined) => useSWR<LeadDetail>(id ? `/leads/${enc(id)}` : null, fetcher);

/** The organisation's public key (owner only): the public page's address needs it. */
export const useIntegrationKey = (enabled: boolean) =>
  useSWR<{ apiKey: string }>(enabled ? '/organization/integration' : null, fetcher, { shouldRetryOnError: false, revalidateOnFocus: false });

/** A short-lived link to a file a visitor uploaded with a lead (private files). */
export const leadFileLink = (leadId: string, fieldId: string) => api.get<{ url: string; expiresInSeconds: number }>(`/leads/${enc(leadId)}/files/${enc(fieldId)}`);
