// The shapes of a form as the public page and the API both see them. Plain types and constants, no
// runtime dependencies, so the public page's chunk stays small.
import type * as z from 'zod/mini';
import type { fieldAttributeRecord, fieldOptionRecord, formFieldRecord, publicFormRecord, publicPackageRecord } from '../schemas/records';
import type { submissionSchema } from '../schemas/forms';

/** Field types rendered as an <input type="..."> ("text-like"). */
export const TEXT_LIKE_TYPES = ['text', 'email', 'number', 'tel', 'url', 'date', 'time', 'password'] as const;
export const FIELD_TYPES = [...TEXT_LIKE_TYPES, 'textarea', 'select', 'radio', 'checkbox', 'file', 'hidden'] as const;
export type TextLikeType = (typeof TEXT_LIKE_TYPES)[number];
export type FieldType = (typeof FIELD_TYPES)[number];

/** Types whose value must be one of the field's options. */
export const OPTION_TYPES: readonly FieldType[] = ['select', 'radio'];

/**
 * Attributes staff may set on a field. Anything else is refused when the form is saved, so the public
 * page never renders an attribute it does not know (no event handlers, no `style`).
 */
export const FIELD_ATTRIBUTES = ['minLength', 'maxLength', 'min', 'max', 'step', 'rows', 'accept', 'autocomplete'] as const;
export type FieldAttributeName = (typeof FIELD_ATTRIBUTES)[number];

// The shapes below are the types of the reply schemas in shared/schemas/records.ts (one source),
// imported as types only: the public page's chunk gets no schema from them.
export type FieldOption = z.output<typeof fieldOptionRecord>;

export type FieldAttribute = z.output<typeof fieldAttributeRecord>;

export type FormField = z.output<typeof formFieldRecord>;

/** One answer of a submission. A checkbox field with options may appear once per ticked option. */
export type SubmissionItem = z.output<typeof submissionSchema>['items'][number];

/** A form package (pricing tier) as the public page shows it. Prices in major and minor units of `currency`. */
export type PublicPackage = z.output<typeof publicPackageRecord>;

/** Everything the public form page needs (GET /leads/forms/{formId}?apiKey=). */
export type PublicForm = z.output<typeof publicFormRecord>;

/** Stripe's Checkout minimum for USD and the largest amount it takes. */
export const MIN_AMOUNT_CENTS = 50;
export const MAX_AMOUNT_CENTS = 99_999_999;
