// Practitioners (issue 25, docs/practitioners.md): clinicians with their own weekly hours (several
// intervals a day; the gaps are breaks), dated exceptions, and a colour for the calendar. The console's
// practitioner form and the handlers validate with these.
import * as z from 'zod/mini';
import { WEEKDAYS, parseDate, type Weekday } from './time';
import { dayHours } from './schemas';
import { listOf, pure, requiredString } from '../common/schemas';
import { practitionerExceptionRecord, practitionerViewRecord } from './records';
import { PRACTITIONER_MESSAGES } from './practitioner-messages';

/** One dated exception (the console's form builds its date ranges from it). */
export const practitionerExceptionSchema = z.object({
  date: z.string('Exception dates must be dates such as 2030-12-24').check(z.refine((v) => parseDate(v) !== undefined, 'Exception dates must be dates such as 2030-12-24')),
  /** That date's hours instead of the weekly ones; [] = not working (time off). */
  hours: dayHours,
  note: z._default(z.pipe(z.nullable(z.string()), z.transform((v) => (v ?? '').trim())).check(z.maxLength(200, 'Maximum 200 symbols')), ''),
});

const fields = {
  name: requiredString(PRACTITIONER_MESSAGES.name, z.maxLength(100, 'Maximum 100 symbols')),
  title: z._default(z.pipe(z.nullable(z.string()), z.transform((v) => (v ?? '').trim())).check(z.maxLength(100, 'Maximum 100 symbols')), ''),
  /** The member who is this practitioner (signs in), or null (a locum who does not). */
  memberId: z._default(z.nullable(z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, PRACTITIONER_MESSAGES.unknownMember))), null),
  color: z._default(z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/, 'Colour must be like #3366cc')), '#3366cc'),
  weeklyHours: z.object(Object.fromEntries(WEEKDAYS.map((d) => [d, dayHours])) as Record<Weekday, typeof dayHours>),
  exceptions: z._default(
    z.array(practitionerExceptionSchema).check(
      z.maxLength(400, 'At most 400 exceptions'),
      z.refine((list) => new Set(list.map((e) => e.date)).size === list.length, 'One exception per date'),
    ),
    [],
  ),
  isActive: z._default(z.boolean('isActive must be true or false'), true),
};

/** POST /practitioners, PUT /practitioners/{id} (the whole practitioner). */
export const practitionerSchema = z.object(fields);
export type PractitionerInput = z.input<typeof practitionerSchema>;

export type PractitionerException = z.infer<typeof practitionerExceptionRecord>;

/** A practitioner as the API shows it. */
export type PractitionerView = z.infer<typeof practitionerViewRecord>;

/** What the public booking page shows of a practitioner. */
export type PublicPractitioner = Pick<PractitionerView, 'id' | 'name' | 'title'>;

// Replies: what each operation's `data` holds (endpoint({ reply }), functions/http/http.ts).

/** `data` of GET /practitioners. */
export const listPractitionersReply = /* @__PURE__ */ pure(() => listOf(practitionerViewRecord));

/** `data` of POST /practitioners. */
export const createPractitionerReply = practitionerViewRecord;

/** `data` of GET /practitioners/{id}. */
export const getPractitionerReply = practitionerViewRecord;

/** `data` of PUT /practitioners/{id}. */
export const updatePractitionerReply = practitionerViewRecord;

/** `data` of DELETE /practitioners/{id}. */
export const deletePractitionerReply = /* @__PURE__ */ pure(() => z.object({ id: z.string(), deletedAt: z.string() }));
