// The shapes of a form as the public page and the API both see them. Plain types and constants, no
// dependencies, so the public page's chunk stays small.
import type { Currency } from '../currency';

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

export interface FieldOption {
  id: string;
  label: string;
  value: string;
}

export interface FieldAttribute {
  attributeName: FieldAttributeName;
  attributeValue: string;
}

export interface FormField {
  id: string;
  /** The HTML name; unique within the form. */
  name: string;
  label: string;
  type: FieldType;
  required: boolean;
  placeholder?: string;
  options?: FieldOption[];
  attributes?: FieldAttribute[];
}

/** One answer of a submission. A checkbox field with options may appear once per ticked option. */
export interface SubmissionItem {
  fieldId: string;
  value: string;
}

/** A form package (pricing tier) as the public page shows it. Prices in major and minor units of `currency`. */
export interface PublicPackage {
  id: string;
  name: string;
  /** Sanitised HTML, or null. */
  description: string | null;
  /** Major units of `currency` (12.5 means $12.50; 5000 with 'jpy' ¥5,000). */
  price: number;
  /** Minor units (the same as priceMinor; named before currencies). */
  priceCents: number;
  priceMinor: number;
  /** Lowercase ISO code (the server always sends it). */
  currency: Currency;
  /** Upload key below the asset base, or null. */
  image: string | null;
  /** `/assets/<key>`, or null. */
  imageUrl: string | null;
  customAmountEnabled: boolean;
  isPayable: boolean;
}

/** Everything the public form page needs (GET /leads/forms/{formId}?apiKey=). */
export interface PublicForm {
  id: string;
  /** The clinic's name, so visitors recognise whose form it is. */
  organizationName: string;
  /** The clinic's default language for its patients (organisation profile), when it chose one. */
  organizationLanguage?: string | null;
  name: string;
  description: string;
  fields: FormField[];
  packages: PublicPackage[];
  packageId: string | null;
  redirectUrl: string;
  successMessage: string;
  submitButtonText: string;
  secondButtonText: string;
}

/** Stripe's Checkout minimum for USD and the largest amount it takes. */
export const MIN_AMOUNT_CENTS = 50;
export const MAX_AMOUNT_CENTS = 99_999_999;
