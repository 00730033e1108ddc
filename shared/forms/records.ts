// The forms records: zod/mini schemas of what its operations' `data` holds, shared by the handlers'
// `reply`, the API document and the console; each is a plain JSON shape (dates are ISO strings).
import * as z from 'zod/mini';
import { LOCALES } from '../i18n/locales';
import { pure } from '../common/schemas';
import { CURRENCIES } from '../currency';
import { FIELD_ATTRIBUTES, FIELD_TYPES } from './fields';
import { publicBrandRecord } from '../common/records';

/** `FieldOption` (shared/forms/types.ts). */
export const fieldOptionRecord = /* @__PURE__ */ pure(() => z.object({ id: z.string(), label: z.string(), value: z.string() }));

/** `FieldAttribute` (shared/forms/types.ts). */
export const fieldAttributeRecord = /* @__PURE__ */ pure(() => z.object({
  attributeName: z.enum(FIELD_ATTRIBUTES),
  attributeValue: z.string(),
}));

/** `FormField` (shared/forms/types.ts). */
export const formFieldRecord = /* @__PURE__ */ pure(() => z.object({
  id: z.string(),
  /** The HTML name; unique within the form. */
  name: z.string(),
  label: z.string(),
  type: z.enum(FIELD_TYPES),
  required: z.boolean(),
  placeholder: z.optional(z.string()),
  options: z.optional(z.array(fieldOptionRecord)),
  attributes: z.optional(z.array(fieldAttributeRecord)),
}));

/** `PublicPackage` (shared/forms/types.ts): a form package (pricing tier) as the public page shows it. */
export const publicPackageRecord = /* @__PURE__ */ pure(() => z.object({
  id: z.string(),
  name: z.string(),
  /** Sanitised HTML, or null. */
  description: z.nullable(z.string()),
  /** Major units of `currency` (12.5 means $12.50; 5000 with 'jpy' ¥5,000). */
  price: z.number(),
  /** Minor units (the same as priceMinor; named before currencies). */
  priceCents: z.number(),
  priceMinor: z.number(),
  /** Lowercase ISO code (the server always sends it). */
  currency: z.enum(CURRENCIES),
  /** Upload key below the asset base, or null. */
  image: z.nullable(z.string()),
  /** `/assets/<key>`, or null. */
  imageUrl: z.nullable(z.string()),
  customAmountEnabled: z.boolean(),
  isPayable: z.boolean(),
}));

/** A form package as staff see it: the public one and its times (`formPackageView` of shared/forms/schemas.ts). */
export const formPackageViewRecord = /* @__PURE__ */ pure(() => z.extend(publicPackageRecord, { createdAt: z.string(), updatedAt: z.string() }));

/** `FormView` (functions/domain/forms/views.ts). */
export const formViewRecord = /* @__PURE__ */ pure(() => z.object({
  packages: z.optional(z.array(formPackageViewRecord)),
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  description: z.string(),
  fields: z.array(formFieldRecord),
  redirectUrl: z.string(),
  successMessage: z.string(),
  submitButtonText: z.string(),
  secondButtonText: z.string(),
  packageIds: z.array(z.string()),
  packageId: z.nullable(z.string()),
}));

/** `SubmissionAnswer` (functions/data/submissions.ts). */
export const submissionAnswerRecord = /* @__PURE__ */ pure(() => z.object({
  fieldId: z.string(),
  /** The field's label and type when the answer was given (forms change; answers keep their meaning). */
  label: z.string(),
  type: z.enum(FIELD_TYPES),
  value: z.union([z.string(), z.array(z.string())]),
}));

/** `SubmissionView` (functions/domain/forms/submissions.ts). */
export const submissionViewRecord = /* @__PURE__ */ pure(() => z.object({
  /** The patient's language, when they chose one (issue 26). */
  locale: z.optional(z.enum(LOCALES)),
  email: z.nullable(z.string()),
  id: z.string(),
  name: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  packageId: z.nullable(z.string()),
  formId: z.string(),
  formName: z.string(),
  answers: z.array(submissionAnswerRecord),
  packageName: z.nullable(z.string()),
  paymentStatus: z.enum(['none', 'pending', 'failed', 'paid', 'expired', 'refunded', 'partially_refunded']),
  paymentId: z.nullable(z.string()),
}));

/** `PaymentStatus` (functions/data/submissions.ts). */
export const paymentStatusRecord = /* @__PURE__ */ pure(() => z.enum([
  'pending', 'failed', 'paid', 'expired', 'refunded', 'partially_refunded',
]));

/** `PublicForm` (shared/forms/types.ts): everything the public form page needs (GET /leads/forms/{formId}?apiKey=). */
export const publicFormRecord = /* @__PURE__ */ pure(() => z.object({
  id: z.string(),
  /** The clinic's name, so visitors recognise whose form it is. */
  organizationName: z.string(),
  /** The clinic's default language for its patients (organisation profile), when it chose one. */
  organizationLanguage: z.optional(z.nullable(z.string())),
  /** The clinic's logo and colour (the page's header and buttons). */
  organizationBrand: publicBrandRecord,
  /** The clinic's country (ISO 3166 alpha-2, from its time zone; null: unknown): money follows it. */
  organizationRegion: z.optional(z.nullable(z.string())),
  name: z.string(),
  description: z.string(),
  fields: z.array(formFieldRecord),
  packages: z.array(publicPackageRecord),
  packageId: z.nullable(z.string()),
  redirectUrl: z.string(),
  successMessage: z.string(),
  submitButtonText: z.string(),
  secondButtonText: z.string(),
}));

/** `LeadSummary` (functions/data/leads.ts): a submission in a list, without its answers. */
export const leadSummaryRecord = /* @__PURE__ */ pure(() => z.pick(submissionViewRecord, {
  email: true,
  id: true,
  name: true,
  createdAt: true,
  packageId: true,
  formId: true,
  formName: true,
  packageName: true,
  paymentStatus: true,
}));
