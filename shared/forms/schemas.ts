// Form builder, form packages, public submissions and payment links (spec sections 3, 5 and 7).
// The console's form builder and package forms use these; the handlers validate with the same ones.
// Prices and amounts are major units of the clinic's currency on the wire (12.5 = $12.50, 5000 =
// ¥5,000); the server stores minor units with the currency (shared/currency.ts).
import * as z from 'zod/mini';
import { LOCALES } from '../i18n/locales';
import { CURRENCIES, amountMessage, currencyOf, formatMoney, fromMinor, minimumOf, parseAmount, type AmountProblem } from '../currency';
import { moneyMessage, parseMoney } from '../money-text';
import { FIELD_ATTRIBUTES, FIELD_TYPES, OPTION_TYPES } from './fields';
import { pageOf, patientLocale, pure, requiredString } from '../common/schemas';
import { formPackageViewRecord, formViewRecord, submissionViewRecord, paymentStatusRecord, publicFormRecord, leadSummaryRecord } from './records';

const ID = /^[A-Za-z0-9_-]{1,64}$/;
const text = (max: number, message = `Maximum ${max} symbols`) =>
  z._default(z.pipe(z.nullable(z.string()), z.transform((v) => (v ?? '').trim())).check(z.maxLength(max, message)), '');
const id = (message: string) => z.string({ error: message }).check(z.regex(ID, message));

export const fieldOptionSchema = z.object({
  id: z.optional(z.string().check(z.regex(ID, 'Option ids may use letters, digits, - and _ only'))),
  label: requiredString('Option label is required', z.maxLength(200, 'Maximum 200 symbols')),
  /** Defaults to the label. */
  value: z.optional(z.string().check(z.trim(), z.maxLength(200, 'Maximum 200 symbols'))),
});

export const fieldAttributeSchema = z.object({
  attributeName: z.enum(FIELD_ATTRIBUTES, `Supported attributes: ${FIELD_ATTRIBUTES.join(', ')}`),
  attributeValue: z.pipe(z.union([z.string(), z.number()], 'Attribute value is required'), z.transform((v) => String(v).trim())).check(
    z.maxLength(200, 'Maximum 200 symbols'),
  ),
});

const NUMERIC_ATTRIBUTES = new Set(['minLength', 'maxLength', 'min', 'max', 'step', 'rows']);

export const formFieldSchema = z
  .object({
    /** Kept when given (the builder makes ids for new fields); made by the server otherwise. */
    id: z.optional(z.string().check(z.regex(ID, 'Field ids may use letters, digits, - and _ only'))),
    name: z.optional(z.string().check(z.trim(), z.maxLength(100, 'Maximum 100 symbols'))),
    label: requiredString('Field label is required', z.maxLength(200, 'Maximum 200 symbols')),
    type: z.enum(FIELD_TYPES, 'Please choose a field type'),
    required: z._default(z.boolean('Required must be true or false'), false),
    placeholder: text(200),
    options: z._default(z.array(fieldOptionSchema).check(z.maxLength(100, 'At most 100 options')), []),
    attributes: z._default(z.array(fieldAttributeSchema).check(z.maxLength(20, 'At most 20 attributes')), []),
  })
  .check(
    z.superRefine((field, ctx) => {
      if (OPTION_TYPES.includes(field.type) && field.options.length === 0) {
        ctx.addIssue({ code: 'custom', message: `${field.label} needs at least one option.`, path: ['options'], input: field.options });
      }
      const values = field.options.map((o) => o.value || o.label);
      if (new Set(values).size !== values.length) {
        ctx.addIssue({ code: 'custom', message: `Options of ${field.label} must have different values.`, path: ['options'], input: field.options });
      }
      const seen = new Set<string>();
      for (const [i, a] of field.attributes.entries()) {
        if (seen.has(a.attributeName)) {
          ctx.addIssue({ code: 'custom', message: `${a.attributeName} is set twice.`, path: ['attributes', i], input: a });
        }
        seen.add(a.attributeName);
        if (NUMERIC_ATTRIBUTES.has(a.attributeName) && (a.attributeValue === '' || !Number.isFinite(Number(a.attributeValue)))) {
          ctx.addIssue({ code: 'custom', message: `${a.attributeName} must be a number.`, path: ['attributes', i, 'attributeValue'], input: a });
        }
        if ((a.attributeName === 'minLength' || a.attributeName === 'maxLength') && !(Number.isInteger(Number(a.attributeValue)) && Number(a.attributeValue) >= 0)) {
          ctx.addIssue({ code: 'custom', message: `${a.attributeName} must be a whole number of 0 or more.`, path: ['attributes', i, 'attributeValue'], input: a });
        }
      }
      const num = (name: string) => Number(field.attributes.find((a) => a.attributeName === name)?.attributeValue ?? NaN);
      if (num('minLength') > num('maxLength')) {
        ctx.addIssue({ code: 'custom', message: 'minLength cannot be more than maxLength.', path: ['attributes'], input: field.attributes });
      }
    }),
  );
export type FormFieldInput = z.input<typeof formFieldSchema>;

const packageIds = z.array(id('Package ids may use letters, digits, - and _ only')).check(z.maxLength(50, 'At most 50 packages per form'));

/** POST /form-builder/form and PUT /form-builder/form/{id}: the whole form; field order is array order. */
export const formSchema = z.object({
  name: requiredString('Form name is required', z.maxLength(100, 'Maximum 100 symbols')),
  description: text(2000),
  fields: z._default(z.array(formFieldSchema).check(z.maxLength(100, 'At most 100 fields per form')), []),
  redirectUrl: text(2000),
  successMessage: text(500),
  submitButtonText: text(50),
  /** Empty hides the second button on the public page. */
  secondButtonText: text(50),
  /** Optional here; PUT /form/{formId}/package sets them too. */
  packageIds: z.optional(packageIds),
  packageId: z.optional(z.nullable(z.string())),
});
export type FormInput = z.input<typeof formSchema>;

/** POST /forms/create (legacy): a form with a name and no fields yet. */
export const legacyCreateFormSchema = z.object({
  formName: requiredString('Form name is required', z.maxLength(100, 'Maximum 100 symbols')),
});

/** PUT /form/{formId}/package: the packages offered on the form, in display order. */
export const linkPackagesSchema = z.object({
  packageIds,
  /** The package chosen on load; must be one of packageIds. Defaults to none (the page takes the first). */
  packageId: z.optional(z.nullable(z.string())),
});

export const FORM_PRICE_MESSAGE = 'Price must be a number of dollars with at most 2 decimals';

/** The message for a form package price refused in `currency`: the spec's texts for USD. */
export function formPackagePriceMessage(problem: AmountProblem, currency: string): string {
  if (problem === 'min') return `A payable package needs a price of at least ${formatMoney(minimumOf(currency), currency)}.`;
  if (currencyOf(currency) === 'usd') return FORM_PRICE_MESSAGE;
  return problem === 'invalid' ? `Price must be an amount in ${currency.toUpperCase()}` : amountMessage(problem, currency);
}

/**
 * A form package's price in minor units of `currency`, or the message. A payable package with a fixed
 * price needs Stripe's minimum; a free one, or a custom amount's floor, may be less (even 0).
 */
export function formPackagePrice(p: { price: unknown; isPayable?: boolean; customAmountEnabled?: boolean }, currency: string): number | string {
  const charged = (p.isPayable ?? true) && !p.customAmountEnabled;
  const parsed = parseAmount(p.price, currency, { anyAmount: !charged });
  return parsed.problem ? formPackagePriceMessage(parsed.problem, currency) : parsed.minor;
}

/** A price in major units: its shape only (the handler checks it by the clinic's currency). */
const majorUnits = (message: string) =>
  z.pipe(
    z.union([z.number(), z.string()], message),
    z.transform((v, ctx) => {
      const s = typeof v === 'number' ? String(v) : v.trim();
      if (/^\d{1,12}(\.\d{1,3})?$/.test(s)) return Number(s);
      ctx.issues.push({ code: 'custom', message, input: v });
      return z.NEVER;
    }),
  );

const formPackageFields = {
    name: requiredString('Package name is required', z.maxLength(100, 'Maximum 100 symbols')),
    /** HTML; sanitised by the server (scripts, event handlers and unknown tags removed). */
    description: z._default(z.nullable(z.string().check(z.maxLength(20_000, 'The description is too long'))), null),
    price: majorUnits(FORM_PRICE_MESSAGE),
    customAmountEnabled: z._default(z.boolean(), false),
    isPayable: z._default(z.boolean(), true),
    /** Only to clear the image (null); images are set through POST /leads/update-package-image. */
    image: z.optional(z.nullable(z.string())),
    /**
     * The currency `price` is in: the clinic's (also when absent), or on a change the package's own,
     * priced before the clinic changed currency, to keep that price as it is.
     */
    currency: z.optional(z.enum(CURRENCIES, 'Unknown currency')),
};

/**
 * POST /packages and PUT /packages/{id}. `price` in major units of the clinic's currency (a number or
 * text); the handler checks it by that currency (formPackagePrice); the reply adds priceMinor and currency.
 */
export const formPackageSchema = z.object(formPackageFields);
export type FormPackageInput = z.input<typeof formPackageSchema>;

/**
 * The console's form: the same, with the price as the person typed it in their `locale` ('85,00',
 * '1.234,56': parseMoney), checked by `currency`'s rules as they type, and given as a number.
 */
export const formPackageSchemaIn = (currency: string, locale?: string) =>
  z.object({
    ...formPackageFields,
    price: z.pipe(
      z.union([z.number(), z.string()], FORM_PRICE_MESSAGE),
      z.transform((v, ctx) => {
        const text = typeof v === 'number' ? String(v) : v.trim();
        const parsed = typeof v === 'number' ? parseAmount(text, currency, { anyAmount: true }) : parseMoney(text, currency, { locale, anyAmount: true });
        if (!parsed.problem) return fromMinor(parsed.minor, currency);
        const { problem } = parsed;
        const message = problem === 'ambiguous' || problem === 'currency' || (problem === 'invalid' && text !== '' && currencyOf(currency) !== 'usd') ? moneyMessage(problem, currency, { locale, typed: text }) : formPackagePriceMessage(problem, currency);
        ctx.issues.push({ code: 'custom', message, input: v });
        return z.NEVER;
      }),
    ),
  }).check(
    z.superRefine((p, ctx) => {
      const price = formPackagePrice(p, currency);
      if (typeof price === 'string') ctx.addIssue({ code: 'custom', message: price, path: ['price'], input: p.price });
    }),
  );

/** POST /form-builder/form/{formId}/submissions (public). Rules per field: shared/forms/validate.ts. */
export const submissionSchema = z.object({
  apiKey: requiredString('apiKey is required'),
  items: z.array(z.object({ fieldId: z.string('Each answer needs a fieldId'), value: z.string('Each answer needs a string value') }), 'items is required'),
  packageId: z.optional(z.nullable(z.string())),
  /** The page's language (issue 26): the lead's mails and its payment's Checkout use it. */
  locale: patientLocale,
});

/** POST /leads/payments/session (public). The server decides the price; `amount` only for a custom amount. */
export const paymentSessionSchema = z.object({
  formId: requiredString('formId is required'),
  apiKey: requiredString('apiKey is required'),
  packageId: requiredString('Please select a package'),
  /** The submission (lead) this payment is for: the public page submits first, then pays. */
  submissionId: requiredString('submissionId is required'),
  amount: z.optional(z.nullable(z.union([z.number(), z.string()]))),
  /** The package's currency as the page shows it (optional: the server charges in the package's own). */
  currency: z.optional(z.string().check(z.trim(), z.toLowerCase())),
  successUrl: z.optional(z.string().check(z.maxLength(2000, 'Maximum 2000 symbols'))),
  cancelUrl: z.optional(z.string().check(z.maxLength(2000, 'Maximum 2000 symbols'))),
  /** The page's language: Checkout opens in it (the lead's own when it has one). */
  locale: patientLocale,
});

/** Lists: ?limit=1..100 (default 20) &cursor=<opaque>. */
export const pageQuerySchema = z.object({
  limit: z._default(
    z.pipe(z.string(), z.transform((v) => Number(v))).check(z.refine((n) => Number.isInteger(n) && n >= 1 && n <= 100, 'limit must be 1 to 100')),
    20,
  ),
  cursor: z.optional(z.string()),
});

/** GET /leads/forms/{formId}?apiKey= (public). */
export const publicFormQuerySchema = z.object({ apiKey: requiredString('apiKey is required') });

/** POST /forms/get-leads (legacy). */
export const formLeadsSchema = z.object({
  formId: requiredString('formId is required'),
  limit: z._default(z.number().check(z.int(), z.minimum(1), z.maximum(100)), 20),
  cursor: z.optional(z.string()),
});

/** POST /forms/get-lead-details (legacy). */
export const leadDetailsSchema = z.object({ leadId: requiredString('leadId is required') });

// Replies: what each operation's `data` holds (endpoint({ reply }), functions/http/http.ts).

/** One form package (pricing tier), as the operations below answer it. */
export const formPackageView = formPackageViewRecord;

/** A form payment as the console sees it (`PaymentView`): in the lead's details, alone and in lists. */
export const paymentViewRecord = /* @__PURE__ */ pure(() => z.object({
  status: paymentStatusRecord,
  id: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  packageId: z.string(),
  formId: z.string(),
  formName: z.string(),
  packageName: z.string(),
  submissionId: z.string(),
  amountCents: z.number(),
  amountMinor: z.number(),
  currency: z.enum(CURRENCIES),
  customAmount: z.boolean(),
  stripeSessionId: z.nullable(z.string()),
  paymentIntentId: z.nullable(z.string()),
  payerEmail: z.nullable(z.string()),
  payerName: z.nullable(z.string()),
  amountPaidCents: z.nullable(z.number()),
  refundedCents: z.nullable(z.number()),
  paidAt: z.nullable(z.string()),
  needsAttention: z.optional(z.nullable(z.string())),
  amount: z.number(),
  /** The payer's language, when known (issue 26). */
  locale: z.optional(z.enum(LOCALES)),
}));

/** One lead with its answers and the payments made for it. */
export const leadDetailsView = /* @__PURE__ */ pure(() => z.extend(submissionViewRecord, { payments: z.array(paymentViewRecord) }));

/** `data` of POST /form-builder/form. */
export const createFormReply = formViewRecord;

/** `data` of GET /form-builder/form and GET /forms/list. */
export const listFormsReply = /* @__PURE__ */ pure(() => pageOf(formViewRecord));

/** `data` of GET /form-builder/form/{id}. */
export const getFormReply = formViewRecord;

/** `data` of PUT /form-builder/form/{id}. */
export const updateFormReply = formViewRecord;

/** `data` of DELETE /form-builder/form/{id}. */
export const deleteFormReply = /* @__PURE__ */ pure(() => z.object({ id: z.string() }));

/** `data` of GET /form-builder/form/{id}/submissions. */
export const listFormSubmissionsReply = /* @__PURE__ */ pure(() => pageOf(submissionViewRecord));

/** `data` of PUT /form/{formId}/package. */
export const linkPackagesReply = formViewRecord;

/** `data` of POST /forms/create. */
export const createFormLegacyReply = formViewRecord;

/** `data` of POST /forms/get-leads. */
export const getFormLeadsReply = /* @__PURE__ */ pure(() => pageOf(submissionViewRecord));

/** `data` of POST /forms/get-lead-details. */
export const getLeadDetailsReply = leadDetailsView;

/** `data` of GET /packages and GET /leads/packages. */
export const formPackagesListPackagesReply = /* @__PURE__ */ pure(() => pageOf(formPackageView));

/** `data` of POST /packages. */
export const formPackagesCreatePackageReply = formPackageView;

/** `data` of GET /packages/{id}. */
export const formPackagesGetPackageReply = formPackageView;

/** `data` of PUT /packages/{id}. */
export const formPackagesUpdatePackageReply = formPackageView;

/** `data` of DELETE /packages/{id}. */
export const formPackagesDeletePackageReply = /* @__PURE__ */ pure(() => z.object({ id: z.string() }));

/** POST /leads/update-package-image: the multipart form's fields besides the file. */
export const uploadPackageImageBody = /* @__PURE__ */ pure(() => z.object({ packageId: requiredString('packageId is required') }));

/** `data` of POST /leads/update-package-image. */
export const uploadPackageImageReply = formPackageView;

/** `data` of GET /leads/forms/{formId}. */
export const getPublicFormReply = publicFormRecord;

/** `data` of POST /leads/forms/{formId}/files. */
export const uploadFormFileReply = /* @__PURE__ */ pure(() => z.object({ key: z.string() }));

/** `data` of POST /form-builder/form/{id}/submissions. */
export const submitFormReply = /* @__PURE__ */ pure(() => z.object({
  submissionId: z.string(),
  packageId: z.nullable(z.string()),
  isPayable: z.boolean(),
  redirectUrl: z.string(),
}));

/** `data` of POST /leads/payments/session. */
export const createPaymentSessionReply = /* @__PURE__ */ pure(() => z.object({
  url: z.string(),
  sessionId: z.string(),
  paymentId: z.string(),
  /** The sum to pay, once: an integer of `currency`'s minor unit (docs/conventions.md "Money in replies"). */
  amountMinor: z.number(),
  /** The payer's language, when known (issue 26). */
  locale: z.optional(z.enum(LOCALES)),
  currency: z.enum(CURRENCIES),
}));

/** `data` of GET /leads. */
export const listLeadsReply = /* @__PURE__ */ pure(() => pageOf(leadSummaryRecord));

/** `data` of GET /leads/{id}. */
export const getLeadReply = leadDetailsView;

/** `data` of GET /leads/{id}/files/{fieldId}. */
export const getLeadFileReply = /* @__PURE__ */ pure(() => z.object({ url: z.string(), expiresInSeconds: z.number() }));

/** `data` of GET /payment/submission/{id}. */
export const getPaymentReply = paymentViewRecord;

/** `data` of GET /leads/payment-submissions/form/{id}. */
export const listFormPaymentsReply = /* @__PURE__ */ pure(() => pageOf(paymentViewRecord));
