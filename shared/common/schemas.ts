// Building blocks with the spec's exact messages (section 5). zod/mini keeps Lambda bundles small.
import * as z from 'zod/mini';
import { localeOf, type Locale } from '../i18n/locales';

/** A required string: '' and missing both give `message`. Values are trimmed first. */
type StringCheck = Parameters<ReturnType<typeof z.string>['check']>[number];

export const requiredString = (message: string, ...checks: StringCheck[]) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, message), ...checks);

export const lengthBetween = (min: number, max: number) => [
  z.minLength(min, `Minimum ${min} symbols`),
  z.maxLength(max, `Maximum ${max} symbols`),
];

export const email = z.string({ error: 'Email is required' }).check(
  z.trim(),
  z.toLowerCase(),
  z.minLength(1, 'Email is required'),
  z.minLength(3, 'Minimum 3 symbols'),
  z.maxLength(50, 'Maximum 50 symbols'),
  z.email('Wrong email format'),
);

export const password = z.string({ error: 'Password is required' }).check(
  z.minLength(1, 'Password is required'),
  z.minLength(3, 'Minimum 3 symbols'),
  z.maxLength(50, 'Maximum 50 symbols'),
);

/** Phone numbers everywhere public: a plus sign followed by 10 to 15 digits. */
export const E164_PHONE = /^\+\d{10,15}$/;

/** An optional phone number of a staff form: blank is none, anything else must be E164_PHONE. */
export const optionalPhone = () =>
  z.optional(
    z.pipe(
      z.string().check(z.trim()),
      z.transform((v, ctx) => {
        if (!v) return undefined;
        if (!E164_PHONE.test(v)) ctx.issues.push({ code: 'custom', message: 'Invalid phone number (e.g., +1234567890)', input: v });
        return v;
      }),
    ),
  );

/** First message per field, keyed by the dotted path, for the envelope's `errors`. */
export function fieldErrors(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

/** Lists: the largest page a client may ask for (?limit=), and the page cursor (?cursor=). */
export const MAX_PAGE_SIZE = 100;
const LIMIT_MESSAGE = `Limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`;
export const pageQueryShape = {
  limit: z.optional(z.coerce.number(LIMIT_MESSAGE).check(z.int(LIMIT_MESSAGE), z.minimum(1, LIMIT_MESSAGE), z.maximum(MAX_PAGE_SIZE, LIMIT_MESSAGE))),
  cursor: z.optional(z.string().check(z.maxLength(2000, 'The page cursor is not valid.'))),
};
/** A list's query with nothing but paging. */
export const pageQuerySchema = z.object(pageQueryShape);

/**
 * `pure(() => z.object(...))`, marked `@__PURE__`: a schema a bundle may leave out when nothing uses it.
 * esbuild drops an unused call marked pure only when its arguments have no effects, and nested
 * `z.string()` calls might have some; a function argument has none. Handlers import one reply each
 * from files that hold many, so the reply schemas are built this way (Lambda bundle budget).
 */
export const pure = <T>(build: () => T): T => build();

/**
 * The `reply` of an answer that has no `data`, only its message: declared, so that "none" is told
 * apart from "forgot" (functions/http/http.ts endpoint()).
 */
export const noData = z.undefined();

/** A whole list reply (no paging): `{ items }`. */
export const listOf = <T extends z.ZodMiniType>(item: T) => z.object({ items: z.array(item) });

/** One page of a list reply: `{ items, nextCursor? }` (shared/api.ts Page); absent on the last page. */
export const pageOf = <T extends z.ZodMiniType>(item: T) => z.extend(listOf(item), { nextCursor: z.optional(z.string()) });

/** The page's language (issue 26): an unknown one is no error, the patient's texts are then English. */
export const patientLocale = z.optional(z.pipe(z.unknown(), z.transform((v): Locale | undefined => localeOf(typeof v === 'string' ? v : undefined))));
