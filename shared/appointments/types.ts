// What the appointments API answers, as the console reads it: the types of the reply schemas in
// shared/<domain>/records.ts (one source; imported as types only, so no schema reaches a bundle). The
// data layer stores `AppointmentFields` (plus its own), and functions/domain/appointments/views.ts builds
// AppointmentView from them.
import type * as z from 'zod/mini';
import type { appointmentLogEntryRecord, appointmentViewRecord, assigneeRecord } from './records';

export type Assignee = z.output<typeof assigneeRecord>;

/** An appointment as the API shows it. */
export type AppointmentView = z.output<typeof appointmentViewRecord>;

/** An appointment's own fields, stored and shown alike: the view less what it adds (no assignee: absent, not null). */
export type AppointmentFields = Omit<AppointmentView, 'fullName' | 'statusLabel' | 'assignee'> & { assignee?: Assignee };

export type AppointmentLogEntry = z.output<typeof appointmentLogEntryRecord>;
