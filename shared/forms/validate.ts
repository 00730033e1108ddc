// The rules a submission of a public form must meet, with the spec's exact messages (section 5).
// The public page checks with these before sending and the server checks AGAIN with the same code
// against the form it has stored, so what the page lets through is exactly what the server accepts.
import { amountMessage, currencyRules, formatMoney, MAX_MINOR, parseAmount } from '../currency';
import { OPTION_TYPES } from './fields';
import type { FormField, SubmissionItem } from './types';

/** A problem with a submission. `key` is the field id, or 'packageId' / 'items' / 'amount'. */
export interface Issue {
  key: string;
  message: string;
}

/** Longest value any field takes, whatever its own attributes say. */
export const MAX_VALUE_LENGTH = 10_000;
/** Most answers one submission may carry. */
export const MAX_ITEMS = 300;

export const messages = {
  required: (label: string) => `${label} is required.`,
  minLength: (label: string, n: number) => `${label} must be at least ${n} characters.`,
  maxLength: (label: string, n: number) => `${label} must be at most ${n} characters.`,
  notAnOption: (label: string) => `${label} must be one of the listed options.`,
  email: (label: string) => `${label} must be a valid email address.`,
  number: (label: string) => `${label} must be a number.`,
  min: (label: string, n: number) => `${label} must be at least ${n}.`,
  max: (label: string, n: number) => `${label} must be at most ${n}.`,
  url: (label: string) => `${label} must be a valid web address (http or https).`,
  date: (label: string) => `${label} must be a valid date.`,
  time: (label: string) => `${label} must be a valid time.`,
  checkbox: (label: string) => `${label} must be ticked or left empty.`,
  file: (label: string) => `${label}: please upload the file again.`,
  duplicate: (label: string) => `${label} was sent more than once.`,
  unknownField: 'The submission has a field this form does not have.',
  tooManyItems: 'The submission has too many answers.',
  noPackage: 'No package selected. Please select a package to continue.',
  unknownPackage: 'The selected package is not available for this form.',
  customAmount: 'Please enter a valid custom amount (minimum $0.50)',
  amountDecimals: 'Amount must have no more than 2 decimal places',
  amountTooLarge: 'Amount must be at most $999,999.99',
} as const;

/** The messages' shape, for another language's (ValidateOptions.messages). */
export type FieldMessages = { [K in keyof typeof messages]: (typeof messages)[K] extends (...args: infer A) => string ? (...args: A) => string : string };

/** The numeric value of a field attribute (minLength, maxLength, min, max), if set and numeric. */
export function attributeNumber(field: Pick<FormField, 'attributes'>, name: string): number | undefined {
  const raw = field.attributes?.find((a) => a.attributeName === name)?.attributeValue;
  if (raw === undefined || raw.trim() === '') return undefined;
  const n = Number(raw);
  return Number.isFinite(n) ? n : undefined;
}

const CHECKED = new Set(['true', 'on', 'yes', '1']);
const UNCHECKED = new Set(['', 'false', 'off', 'no', '0']);
/** A single checkbox is checked when its value is one of these (the page sends 'true'). */
export const isChecked = (value: string | undefined) => CHECKED.has((value ?? '').trim().toLowerCase());

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

function validDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

function validUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The answers of one field after validation: a string, or the ticked values of a checkbox group. */
export type FieldValue = string | string[];

export interface SubmissionInput {
  items: SubmissionItem[];
  packageId?: string | null;
}

export interface FormRules {
  fields: FormField[];
  /** The form's packages, in order; only ids matter here. */
  packages?: { id: string }[];
}

export interface ValidateOptions {
  /** Server only: whether a file field's value is a key this form's upload endpoint issued. */
  isFileValue?: (value: string, field: FormField) => boolean;
  /** The messages in another language (the public form page's): English when absent. */
  messages?: Partial<FieldMessages>;
}

export interface Validation {
  issues: Issue[];
  /** Trimmed values by field id (fields without an answer are absent). */
  values: Record<string, FieldValue>;
  /** The chosen package: the one sent, or the only one when the form has exactly one. */
  packageId: string | null;
}

/** Checks one field's answers (already trimmed); returns the first problem, if any. */
export function fieldIssue(field: FormField, answers: string[], options: ValidateOptions = {}): string | undefined {
  const { label } = field;
  const m: FieldMessages = options.messages ? { ...messages, ...options.messages } : messages;
  const hasOptions = (field.options?.length ?? 0) > 0;
  const filled = answers.filter((a) => a !== '');

  if (field.type === 'checkbox' && hasOptions) {
    if (filled.length === 0) return field.required ? m.required(label) : undefined;
    const allowed = new Set(field.options!.map((o) => o.value));
    if (filled.some((a) => !allowed.has(a))) return m.notAnOption(label);
    if (new Set(filled).size !== filled.length) return m.duplicate(label);
    return undefined;
  }
  if (answers.length > 1) return m.duplicate(label);
  const value = answers[0] ?? '';

  if (field.type === 'checkbox') {
    if (!CHECKED.has(value.toLowerCase()) && !UNCHECKED.has(value.toLowerCase())) return m.checkbox(label);
    return field.required && !isChecked(value) ? m.required(label) : undefined;
  }
  if (value === '') return field.required ? m.required(label) : undefined;
  if (value.length > MAX_VALUE_LENGTH) return m.maxLength(label, MAX_VALUE_LENGTH);

  if (field.type === 'file') {
    return options.isFileValue && !options.isFileValue(value, field) ? m.file(label) : undefined;
  }
  if (OPTION_TYPES.includes(field.type)) {
    return field.options?.some((o) => o.value === value) ? undefined : m.notAnOption(label);
  }

  const minLength = attributeNumber(field, 'minLength');
  const maxLength = attributeNumber(field, 'maxLength');
  if (minLength !== undefined && value.length < minLength) return m.minLength(label, minLength);
  if (maxLength !== undefined && value.length > maxLength) return m.maxLength(label, maxLength);

  switch (field.type) {
    case 'email':
      return EMAIL.test(value) ? undefined : m.email(label);
    case 'url':
      return validUrl(value) ? undefined : m.url(label);
    case 'date':
      return validDate(value) ? undefined : m.date(label);
    case 'time':
      return TIME.test(value) ? undefined : m.time(label);
    case 'number': {
      const n = Number(value);
      if (!/^-?\d+(\.\d+)?$/.test(value) || !Number.isFinite(n)) return m.number(label);
      const min = attributeNumber(field, 'min');
      const max = attributeNumber(field, 'max');
      if (min !== undefined && n < min) return m.min(label, min);
      if (max !== undefined && n > max) return m.max(label, max);
      return undefined;
    }
    default:
      return undefined;
  }
}

/** The chosen package of a submission, or the issue with it. */
export function packageIssue(packages: { id: string }[] | undefined, packageId: string | null | undefined): { packageId: string | null; issue?: string } {
  const list = packages ?? [];
  if (list.length === 0) return { packageId: null };
  if (packageId) {
    return list.some((p) => p.id === packageId) ? { packageId } : { packageId: null, issue: messages.unknownPackage };
  }
  if (list.length === 1) return { packageId: list[0].id };
  return { packageId: null, issue: messages.noPackage };
}

/**
 * Validates a whole submission against the form's own fields: every field's rules, no unknown
 * fields, no repeated answers (except for a checkbox group), the package choice. Issues come in the
 * form's field order, then the package.
 */
export function validateSubmission(form: FormRules, input: SubmissionInput, options: ValidateOptions = {}): Validation {
  const issues: Issue[] = [];
  const values: Record<string, FieldValue> = {};
  const items = Array.isArray(input.items) ? input.items : [];
  if (items.length > MAX_ITEMS) {
    return { issues: [{ key: 'items', message: messages.tooManyItems }], values, packageId: null };
  }

  const byField = new Map<string, string[]>();
  let unknown = false;
  for (const item of items) {
    const field = form.fields.find((f) => f.id === item?.fieldId);
    if (!field || typeof item.value !== 'string') {
      unknown = true;
      continue;
    }
    const list = byField.get(field.id) ?? [];
    list.push(field.type === 'password' ? item.value : item.value.trim());
    byField.set(field.id, list);
  }
  if (unknown) issues.push({ key: 'items', message: messages.unknownField });

  for (const field of form.fields) {
    const answers = byField.get(field.id) ?? [];
    const issue = fieldIssue(field, answers, options);
    if (issue) {
      issues.push({ key: field.id, message: issue });
      continue;
    }
    const filled = answers.filter((a) => a !== '');
    if (field.type === 'checkbox' && (field.options?.length ?? 0) > 0) {
      if (filled.length) values[field.id] = filled;
    } else if (field.type === 'checkbox') {
      values[field.id] = isChecked(answers[0]) ? 'true' : 'false';
    } else if (filled.length) {
      values[field.id] = filled[0]!;
    }
  }

  const chosen = packageIssue(form.packages, input.packageId);
  if (chosen.issue) issues.push({ key: 'packageId', message: (chosen.issue === messages.noPackage && options.messages?.noPackage) || chosen.issue });
  return { issues, values, packageId: chosen.packageId };
}

/** The items to send for a page's values (a checkbox group gives one item per ticked option). */
export function toItems(values: Record<string, FieldValue | boolean | undefined>): SubmissionItem[] {
  return Object.entries(values).flatMap(([fieldId, value]) => {
    if (value === undefined) return [];
    if (typeof value === 'boolean') return [{ fieldId, value: value ? 'true' : 'false' }];
    return Array.isArray(value) ? value.map((v) => ({ fieldId, value: v })) : [{ fieldId, value }];
  });
}

/** Dollars as the page and mail show them: $1,234.50 (formatMoney for any currency). */
export function formatDollars(cents: number): string {
  return formatMoney(cents, 'usd');
}

/** Whole cents from dollars known to have at most 2 decimals. */
export const dollarsToCents = (dollars: number) => Math.round(dollars * 100);
export const centsToDollars = (cents: number) => Math.round(cents) / 100;

/**
 * A custom amount in major units of `currency` (as typed, or as a number) to minor units, or the
 * message (the spec's own texts for USD: they are these with $ and 2). `minCents` is the package's own
 * price in minor units: a custom amount may never be lower than it, nor than Stripe's minimum.
 */
export function parseCustomAmount(input: unknown, minCents = 0, currency = 'usd'): { cents: number; error?: undefined } | { cents?: undefined; error: string } {
  const rules = currencyRules(currency);
  const invalid = `Please enter a valid custom amount (minimum ${formatMoney(rules.minMinor, rules.currency)})`;
  if (typeof input !== 'string' && typeof input !== 'number') return { error: invalid };
  const parsed = parseAmount(input, rules.currency, { anyAmount: true });
  if (parsed.problem === 'invalid') return { error: invalid };
  if (parsed.problem === 'decimals') {
    return { error: rules.decimals === 0 ? amountMessage('decimals', rules.currency) : `Amount must have no more than ${rules.decimals} decimal places` };
  }
  if (parsed.problem === 'step') return { error: amountMessage('step', rules.currency) };
  if (parsed.problem === 'max') return { error: `Amount must be at most ${formatMoney(MAX_MINOR, rules.currency)}` };
  const cents = parsed.minor!;
  if (cents < rules.minMinor) return { error: invalid };
  if (cents < minCents) return { error: `The amount must be at least ${formatMoney(minCents, rules.currency)} for this package.` };
  return { cents };
}
