// What GET /calendar answers, as the console's calendar reads it.
import type { CalendarKind } from '../schemas/calendar';

export interface CalendarItem {
  kind: CalendarKind;
  id: string;
  /** The patient's name and what they come for. */
  title: string;
  /** UTC instants; an appointment has no length of its own (end null). */
  start: string;
  end: string | null;
  /** Local date and time in the organisation's zone. */
  date: string;
  time: string;
  /** An appointment's status (requested, confirmed, ...) or a booking's (held, confirmed). */
  status: string;
  paymentStatus?: string;
  assignee?: { userId: string; name: string } | null;
  /** Appointments: the version a move must name. */
  version?: number;
  /** Whether this member may move it (write on its module, and a state that can move). */
  movable: boolean;
  /** Who sees the patient (a practitioner booking or appointment), else null. */
  practitionerId?: string | null;
  practitionerName?: string | null;
  /** A booking's package (the move dialog lists its free times). */
  packageId?: string;
}

export interface CalendarView {
  timeZone: string;
  /** e.g. 'Eastern Standard Time' */
  timeZoneName: string;
  /** The kinds this member may read (the filter offers these). */
  kinds: CalendarKind[];
  items: CalendarItem[];
  /** More items than one read returns were in the range (narrow it). */
  truncated: boolean;
}
