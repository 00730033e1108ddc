// What the practitioner editor's pieces share (components/practitioner-form.tsx and the pieces next to
// it): the form's types, the words of its hours and the messages of a part of its error tree.
import type { UseFormReturn } from 'react-hook-form';
import type { DayHoursWords } from '../../components/day-hours';
import type { practitionerFormSchema, PractitionerFormValues } from './exception-ranges';

export type PractitionerOutput = ReturnType<typeof practitionerFormSchema.parse>;
export type PractitionerInput = PractitionerFormValues;
export type PractitionerFormApi = UseFormReturn<PractitionerInput, unknown, PractitionerOutput>;

export const WORKING: DayHoursWords = { empty: 'Not working', start: 'starts', end: 'ends' };
export const NINE_TO_FIVE = [{ start: '09:00', end: '17:00' }];

/** Every message in a part of react-hook-form's error tree (a day's list, an interval, an exception's fields). */
export function messagesIn(error: unknown, seen = new Set<string>()): string[] {
  if (!error || typeof error !== 'object') return [...seen];
  for (const [key, value] of Object.entries(error)) {
    if (key === 'ref' || key === 'type' || key === 'types') continue;
    if (key === 'message' && typeof value === 'string' && value) seen.add(value);
    else messagesIn(value, seen);
  }
  return [...seen];
}
