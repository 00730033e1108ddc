// The rule messages the public pages show from shared code and the API (shared/bookings/form.ts: the
// page checks with the same rules the server does), in the page's language. A server text without an
// entry here is shown as it came.
import { BOOKING_MESSAGES } from '#shared/bookings/form';
import type { MessageKey, Translate } from './i18n';

/** The form's rule messages (shared/bookings/form.ts, also the API's) in the page's language. */
const RULE_MESSAGES: Record<string, MessageKey> = {
  [BOOKING_MESSAGES.package]: 'validation.package',
  [BOOKING_MESSAGES.firstName]: 'validation.firstName',
  [BOOKING_MESSAGES.lastName]: 'validation.lastName',
  [BOOKING_MESSAGES.email]: 'validation.email',
  [BOOKING_MESSAGES.phone]: 'validation.phone',
  [BOOKING_MESSAGES.time]: 'validation.time',
  [BOOKING_MESSAGES.date]: 'validation.date',
  [BOOKING_MESSAGES.timeFormat]: 'validation.timeFormat',
  [BOOKING_MESSAGES.dateFormat]: 'validation.dateFormat',
  [BOOKING_MESSAGES.taken]: 'validation.taken',
  'Maximum 50 symbols': 'validation.max50',
  // shared/schemas/manage.ts (MANAGE_MESSAGES.unknown; not imported: it would bring zod to the page).
  'This link is not valid or has expired. Please contact the clinic.': 'manage.invalid',
  // The API's answers for an unknown page or package (functions/*/lib/views.ts, server code).
  'This booking page is not available. Please check the link.': 'booking.unavailableLink',
  'This package is not available. Please choose another package.': 'validation.packageUnavailable',
  'This form is not available.': 'form.unavailable',
  'This appointment page is not available. Please check the link.': 'request.unavailable',
};
/** A rule's message translated; any other server text as it came. */
export const ruleMessage = (t: Translate, message: string) => (RULE_MESSAGES[message] ? t(RULE_MESSAGES[message]) : message);
