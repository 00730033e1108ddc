// Service categories and services (spec: fields "not shown"; designed for a clinic): a service has a
// category, a name, a duration in minutes, a price and an active flag. Prices follow the clinic's
// currency (shared/currency.ts): `priceMinor` in its minor units (5000 is ¥5,000, 1250 is €12.50);
// `priceCents` is the same minor amount under its name from before currencies. Replies add the price in
// major units and its `currency`.
import * as z from 'zod/mini';
import { CURRENCIES, MAX_MINOR } from '../currency';
import { pageOf, pure, requiredString } from '../common/schemas';

const optionalText = (max: number, label: string) =>
  z.optional(z.pipe(z.string().check(z.trim(), z.maxLength(max, `${label} must be at most ${max} characters`)), z.transform((v) => v || undefined)));

const version = z.optional(z.int('version must be a whole number').check(z.minimum(1, 'version must be a whole number')));

export const categorySchema = z.object({
  name: requiredString('Category name is required', z.minLength(2, 'Minimum 2 symbols'), z.maxLength(60, 'Maximum 60 symbols')),
  description: optionalText(500, 'Description'),
  version,
});
export type CategoryInput = z.infer<typeof categorySchema>;

/** A price in minor units of the clinic's currency (its step and decimals are the handler's to check). */
const minorPrice = z.optional(z.int({ error: 'Price must be a whole number of the minor unit (cents)' }).check(
  z.minimum(0, 'Price cannot be negative'),
  z.maximum(MAX_MINOR, 'Price is too large'),
));

/** The message when neither price field is sent. */
export const SERVICE_PRICE_REQUIRED = 'Please enter a price (0 for free).';

export const serviceSchema = z.object({
  categoryId: requiredString('Please select a category', z.maxLength(64, 'Please select a category')),
  name: requiredString('Service name is required', z.minLength(2, 'Minimum 2 symbols'), z.maxLength(100, 'Maximum 100 symbols')),
  description: optionalText(1000, 'Description'),
  durationMinutes: z.int({ error: 'Duration must be a whole number of minutes' }).check(
    z.minimum(5, 'Duration must be at least 5 minutes'),
    z.maximum(1440, 'Duration must be at most 1440 minutes (24 hours)'),
  ),
  /** Minor units of the clinic's currency. */
  priceMinor: minorPrice,
  /** The same, by its name from before currencies (priceMinor wins when both are sent). */
  priceCents: minorPrice,
  /** The currency the page priced it in: refused when the price would be kept in another (a page from before a change of currency, or one that had not loaded the clinic's yet). */
  currency: z.optional(z.enum(CURRENCIES, 'Unknown currency')),
  active: z._default(z.boolean({ error: 'Active must be true or false' }), true),
  version,
}).check(z.refine((s) => s.priceMinor !== undefined || s.priceCents !== undefined, { message: SERVICE_PRICE_REQUIRED, path: ['priceMinor'] }));
export type ServiceInput = z.infer<typeof serviceSchema>;

const flag = z.optional(z.stringbool({ error: 'Use true or false' }));

export const listQuery = z.object({
  pageSize: z.optional(z.coerce.number().check(z.int('pageSize must be a whole number'), z.minimum(1, 'pageSize must be at least 1'), z.maximum(100, 'pageSize must be at most 100'))),
  cursor: z.optional(z.string().check(z.maxLength(2000, 'The page cursor is not valid.'))),
  search: z.optional(z.string().check(z.trim(), z.maxLength(100, 'Search must be at most 100 characters'))),
});

export const listServicesQuery = z.object({
  ...listQuery.shape,
  categoryId: z.optional(z.string().check(z.maxLength(64))),
  active: flag,
});

// Replies: what each operation's `data` holds (endpoint({ reply }), functions/http/http.ts).

/** What a category and a service both have (a function: built where used, so bundles may drop it). */
const catalogueEntryShape = () => ({
  id: z.string(),
  name: z.string(),
  description: z.optional(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number(),
});

/** One category as the operations below answer it. */
export const categoryView = /* @__PURE__ */ pure(() => z.object({ ...catalogueEntryShape(), serviceCount: z.number() }));

/** One service as the operations below answer it. */
export const serviceView = /* @__PURE__ */ pure(() => z.object({
  ...catalogueEntryShape(),
  categoryId: z.string(),
  active: z.boolean(),
  durationMinutes: z.number(),
  /** Major units of `currency` (85 is $85.00, 5000 is ¥5,000). */
  price: z.number(),
  /** Minor units of `currency`. */
  priceMinor: z.number(),
  /** The same minor amount (its name from before currencies). */
  priceCents: z.number(),
  /** The price's currency: the clinic's when it was priced (a service from before currencies: the clinic's now). */
  currency: z.enum(CURRENCIES),
}));

/** `data` of GET /service-categories. */
export const listCategoriesReply = /* @__PURE__ */ pure(() => pageOf(categoryView));

/** `data` of POST /service-categories. */
export const createCategoryReply = categoryView;

/** `data` of GET /service-categories/{id}. */
export const getCategoryReply = categoryView;

/** `data` of PUT /service-categories/{id}. */
export const updateCategoryReply = categoryView;

/** `data` of GET /services. */
export const listServicesReply = /* @__PURE__ */ pure(() => pageOf(serviceView));

/** `data` of POST /services. */
export const createServiceReply = serviceView;

/** `data` of GET /services/{id}. */
export const getServiceReply = serviceView;

/** `data` of PUT /services/{id}. */
export const updateServiceReply = serviceView;
