// How a validated submission becomes a stored lead, and how staff see submissions.
import type { FormField } from '#shared/forms/types';
import { PRIVATE_PREFIX } from '#lib/upload-keys';
import type { FieldValue } from '#shared/forms/validate';
import type { SubmissionAnswer, SubmissionRecord } from '../../data/submissions';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Where the public upload endpoint stores a form's files (below private/: never served at /assets). */
export const formUploadPrefix = (orgId: string, formId: string) => `org/${orgId}/forms/${formId}/uploads`;

/** A file answer must be a private key the upload endpoint issued for this form (never another's file). */
export function isFormFileKey(orgId: string, formId: string) {
  const pattern = new RegExp(`^${escapeRegExp(PRIVATE_PREFIX + formUploadPrefix(orgId, formId))}/[A-Za-z0-9_-]{14,64}\\.(jpg|png|webp|gif|pdf)$`);
  return (value: string) => pattern.test(value);
}

/** Passwords typed into a public form are not kept. */
export const MASKED = '********';

/** The answers in the form's field order, with the label and type they had when given. */
export function toAnswers(fields: FormField[], values: Record<string, FieldValue>): SubmissionAnswer[] {
  return fields
    .filter((f) => values[f.id] !== undefined)
    .map((f) => ({ fieldId: f.id, label: f.label, type: f.type, value: f.type === 'password' ? MASKED : values[f.id] }));
}

/** The lead's email and name as a list shows them: the first email answer, and the name-like answers. */
export function contactOf(answers: SubmissionAnswer[]): { email: string | null; name: string | null } {
  const email = answers.find((a) => a.type === 'email' && typeof a.value === 'string')?.value as string | undefined;
  const names = answers
    .filter((a) => a.type === 'text' && typeof a.value === 'string' && /\bname\b/i.test(a.label.replace(/[_-]/g, ' ')))
    .slice(0, 3)
    .map((a) => a.value as string);
  return { email: email ?? null, name: names.length ? names.join(' ').slice(0, 200) : null };
}

export type SubmissionView = Omit<SubmissionRecord, 'orgId' | 'reportDay'>;

export function toSubmissionView(s: SubmissionRecord): SubmissionView {
  const { orgId: _o, reportDay: _counted, ...rest } = s;
  return rest;
}
