// The internal domain events (issue 35): what happened to the clinic's time, bookings, payments and
// appointments, told to the subscribers of functions/domain/events/ (docs/conventions.md "Events and
// subscribers"). An event is an outbox row written in the transaction of its change (./events.ts);
// its shape is a contract with every subscriber: a field is only ever added (optional, or with a new
// `v`), never renamed or given another meaning, since rows written before a deploy are delivered after it.
// Types only (no imports): ./outbox.ts names them in its payloads, ./events.ts builds them.

/** Why a time came free. */
export type TimeFreedReason =
  /**
   * An unpaid hold ended: it ran out (the sweep, or a slot found full), the patient gave it back
   * (Checkout cancelled, another time chosen), or its Checkout expired. One reason: giving a hold back
   * expires its Checkout, and Stripe's expiry event may release the hold first, so which of these
   * happened cannot be told apart reliably.
   */
  | 'hold-ended'
  /** A booking or appointment cancelled: by the patient, by staff, or by a full refund. */
  | 'cancelled'
  /** Moved to another time or practitioner: the old time is free. */
  | 'rescheduled'
  /** An appointment's status moved on before its time (e.g. completed early): its time is free. */
  | 'status-changed';

/** What the event is about: a booking (the online booking page) or an appointment (requested, or made by staff). */
export interface EventSubject {
  type: 'booking' | 'appointment';
  id: string;
}

/** Who the patient is, as the booking or appointment has them (a patient record matches on the email). */
export interface EventPatient {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
}

interface EventBase {
  /** The event's outbox row id: derived from the change, so the same change is one event. */
  id: string;
  /** The shape's version (see above). */
  v: 1;
  orgId: string;
  /** When the change happened (ISO 8601, UTC). */
  at: string;
}

/**
 * A time that was taken is free again. `practitionerId` null: a place in a clinic-wide slot came free
 * (one place of the slot's capacity). Told only for times still ahead. The time may be taken again
 * before a subscriber runs (by the same move, for a reschedule within one span): read what is free now.
 */
export interface TimeFreedEvent extends EventBase {
  type: 'time-freed';
  practitionerId: string | null;
  /** The booking page package whose booking held it; null for an appointment. */
  packageId: string | null;
  startUtc: string;
  endUtc: string;
  reason: TimeFreedReason;
  /** The booking or appointment that held the time. */
  freedBy: EventSubject;
}

/** A booking was paid for and confirmed (also one paid after its hold ran out, when its time was still free). */
export interface BookingConfirmedEvent extends EventBase {
  type: 'booking-confirmed';
  bookingId: string;
  packageId: string;
  practitionerId: string | null;
  startUtc: string;
  endUtc: string;
  timeZone: string;
  patient: EventPatient;
  /** Minor units of `currency`; null when nothing was paid. */
  amountPaidCents: number | null;
  currency: string;
  /** The patient's language on the booking page. */
  locale: string | null;
}

/** A Checkout payment succeeded and was recorded (for a booking or a form submission), once per payment. */
export interface PaymentCompletedEvent extends EventBase {
  type: 'payment-completed';
  /** Stripe's payment intent id (the session's id when it has none). */
  paymentId: string;
  paidFor: { type: 'booking' | 'form_submission'; id: string };
  amountCents: number;
  currency: string;
}

/** A booking or an appointment was cancelled (whatever its time: one already past is cancelled too). */
export interface AppointmentCancelledEvent extends EventBase {
  type: 'appointment-cancelled';
  subject: EventSubject;
  /** 'refund': a full refund of a booking cancelled it. */
  by: 'patient' | 'staff' | 'refund';
  /** The member who cancelled it (by 'staff'). */
  actorId: string | null;
  practitionerId: string | null;
  /** Null for an appointment without a practitioner (its local date and time say when). */
  startUtc: string | null;
  bookingDate: string;
  bookingTime: string;
  /** What it was before: 'held' or 'confirmed' (a booking), 'requested' or 'confirmed' (an appointment). */
  previousStatus: string;
  patient: EventPatient;
}

/**
 * A visitor sent a public form (a lead). Only the ids, the contact and what the lead's own subscriber
 * needs: the answers stay in the submission.
 */
export interface FormSubmittedEvent extends EventBase {
  type: 'form-submitted';
  submissionId: string;
  formId: string;
  /**
   * As the lead gave it: the first email answer, the first name-like answer. The email is null for a
   * lead without one (written since `lead` was added; before, such a lead had no event): the patients'
   * subscriber is not given those.
   */
  email: string | null;
  name: string | null;
  /**
   * What the lead's subscriber (functions/domain/forms/on-lead-received.ts) needs for the staff notice
   * and the counts it makes once per lead: the day's report figure and the page's write count. Absent on
   * events written before it (their lead's notice and counts were written with the lead: nothing to do).
   */
  lead?: FormSubmittedLead;
}

export interface FormSubmittedLead {
  formName: string;
  packageName: string | null;
  /** The day whose report figures count the lead (its reportDay); null: not counted. */
  reportDay: string | null;
  /** The organisation key of the form page whose write count the lead adds to (counted in the window of `at`). */
  apiKey: string;
}

export type DomainEvent = TimeFreedEvent | BookingConfirmedEvent | PaymentCompletedEvent | AppointmentCancelledEvent | FormSubmittedEvent;
export type DomainEventType = DomainEvent['type'];
export const DOMAIN_EVENT_TYPES: readonly DomainEventType[] = ['time-freed', 'booking-confirmed', 'payment-completed', 'appointment-cancelled', 'form-submitted'];
