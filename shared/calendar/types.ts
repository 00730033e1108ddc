// What GET /calendar answers, as the console's calendar reads it: the types of the reply schemas in
// shared/<domain>/records.ts (one source; imported as types only, so no schema reaches a bundle).
import type * as z from 'zod/mini';
import type { calendarItemRecord, calendarViewRecord } from './records';

export type CalendarItem = z.output<typeof calendarItemRecord>;

export type CalendarView = z.output<typeof calendarViewRecord>;
