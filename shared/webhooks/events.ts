// The events an organisation's webhook endpoints can ask for. Constants with no imports, so the reply
// schemas (shared/<domain>/records.ts) and the webhook contract (shared/webhooks/schemas.ts) both use them.
/** Every event type an endpoint can ask for, with the sentence the console shows next to it. */
export const WEBHOOK_EVENTS = {
  'booking.held': 'A visitor picked a slot and is paying (the slot is held).',
  'booking.confirmed': 'A booking is confirmed (paid, or free).',
  'booking.cancelled': 'A booking is cancelled by the patient or the clinic.',
  'booking.rescheduled': 'A booking moved to another time.',
  'booking.attended': 'Staff marked a booking attended.',
  'booking.no_show': 'Staff marked a booking a no-show.',
  'booking.late_cancellation': 'Staff marked a booking a late cancellation.',
  'booking.fee_charged': "A no-show or late-cancellation fee was charged to the patient's saved card.",
  'booking.fee_failed': "A no-show or late-cancellation fee was declined, or waits for the patient to authenticate it.",
  'booking.paid_at_clinic': 'Staff recorded the balance paid at the clinic.',
  'payment.succeeded': 'A card payment for a booking or a form package succeeded.',
  'payment.refunded': 'A payment was refunded.',
  'lead.created': 'A visitor submitted a public form.',
  'appointment.requested': 'A visitor requested an appointment.',
  'appointment.status_changed': "An appointment's status changed.",
  'series.booked': 'A series of visits was booked (every visit in it).',
  'waitlist.offer_made': 'A freed time was offered to a patient on the waitlist.',
  'waitlist.offer_taken': 'A patient booked a time offered from the waitlist.',
  'intake.completed': "A patient answered their booking's intake form.",
} as const;

export type WebhookEventType = keyof typeof WEBHOOK_EVENTS;
export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENTS) as WebhookEventType[];
