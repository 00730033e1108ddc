// The shapes of a form as the public page and the API both see them: types only (the constants of its
// fields are in ./fields.ts), so the public page's chunk stays small.
import type * as z from 'zod/mini';
import type { fieldAttributeRecord, fieldOptionRecord, formFieldRecord, publicFormRecord, publicPackageRecord } from './records';
import type { submissionSchema } from './schemas';

// The shapes below are the types of the reply schemas in shared/<domain>/records.ts (one source),
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
