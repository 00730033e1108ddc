// Domain: forms. What the API shows of a form (views), how a submission becomes a lead (submissions) and
// Stripe's form-payment events (payment-consumer): forms/, leads/ and the payments registry.
//
// What the API shows of forms: the staff view (builder) and the public view (the public page).
import type { PublicForm } from '#shared/forms/types';
import { notFound } from '#lib/errors';
import type { FormRecord } from '../../data/forms';
import { getForm } from '../../data/forms';
import { getFormPackages, type FormPackageRecord } from '../../data/form-packages';
import { findOrgIdByApiKey, getPublicOrganization } from '../../data/organizations';
import { cachedRead } from '../../data/public-cache';
import { toPackageView, toPublicPackage, type PackageView } from '#domain/form-packages/view';

export const FORM_NOT_AVAILABLE = 'This form is not available.';

export interface FormView extends Omit<FormRecord, 'orgId' | 'createdBy'> {
  packages?: PackageView[];
}

export function toFormView(form: FormRecord, packages?: FormPackageRecord[]): FormView {
  const { orgId: _o, createdBy: _c, ...rest } = form;
  return packages ? { ...rest, packages: packages.map(toPackageView) } : rest;
}

export function toPublicForm(
  form: FormRecord,
  packages: FormPackageRecord[],
  organizationName: string,
  organizationLanguage: string | null = null,
  organizationBrand: PublicForm['organizationBrand'] = { logoUrl: null, color: null },
  organizationRegion: string | null = null,
): PublicForm {
  const publicPackages = packages.map(toPublicPackage);
  return {
    id: form.id,
    organizationName,
    organizationLanguage,
    organizationBrand,
    organizationRegion,
    name: form.name,
    description: form.description,
    fields: form.fields,
    packages: publicPackages,
    packageId: form.packageId && publicPackages.some((p) => p.id === form.packageId) ? form.packageId : null,
    redirectUrl: form.redirectUrl,
    successMessage: form.successMessage,
    submitButtonText: form.submitButtonText,
    secondButtonText: form.secondButtonText,
  };
}

/** A form and its packages (in the form's order; deleted packages drop out). */
export async function formWithPackages(orgId: string, formId: string) {
  const form = await getForm(orgId, formId);
  if (!form) return undefined;
  const packages = form.packageIds?.length ? await getFormPackages(orgId, form.packageIds) : [];
  return { form, packages };
}

/**
 * The tenant and the form for a public request: the apiKey names the organisation, and the form must
 * be one of its own. A wrong key and an unknown form answer the same 404.
 */
export async function findPublicForm(apiKey: string, formId: string, options: { withOrganization?: boolean } = {}) {
  const orgId = await findOrgIdByApiKey(apiKey);
  // The organisation (when asked for) is read beside the form, not after it. Both are what every
  // visitor of the form asks for: cached for a few seconds (data/public-cache.ts).
  const [found, organization] = orgId
    ? await Promise.all([cachedRead(`form:${orgId}:${formId}`, () => formWithPackages(orgId, formId)), options.withOrganization ? getPublicOrganization(orgId) : undefined])
    : [];
  if (!orgId || !found) throw notFound(FORM_NOT_AVAILABLE);
  return { orgId, ...found, organization };
}
