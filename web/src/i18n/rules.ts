// The rule messages the public pages show from shared code and the API (shared/bookings/form.ts: the
// page checks with the same rules the server does), in the page's language. Exact texts map to a key;
// texts with a value inside ('Minimum ¥50', 'Reason of appointment must be at most 1000 characters')
// match a pattern whose parts become the message's arguments. A server text matching neither is shown
// as it came. The texts are the API's, so each entry names where it comes from; rules.test.ts checks
// the shared ones against their source.
import { BOOKING_MESSAGES } from '#shared/bookings/form';
import { APPOINTMENT_MESSAGES } from '#shared/appointments/form';
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
  // The appointment request (shared/appointments/form.ts, the API's schema and functions/appointments/lib/book.ts).
  [APPOINTMENT_MESSAGES.dateFormat]: 'validation.dateFormat',
  [APPOINTMENT_MESSAGES.timeFormat]: 'validation.timeFormat',
  [APPOINTMENT_MESSAGES.dob]: 'validation.dob',
  [APPOINTMENT_MESSAGES.gender]: 'validation.gender',
  [APPOINTMENT_MESSAGES.max100]: 'validation.max100',
  'Booking date cannot be in the past': 'validation.datePast',
  'Booking date must be within the next two years': 'validation.dateTooFar',
  'Thank you. Your appointment request was sent; we emailed you a confirmation.': 'request.sent',
  // A booking's time (functions/domain/bookings/refusals.ts, create-booking.ts; also the manage page's move).
  'Booking date cannot be in the past. Please choose today or a later date.': 'slot.pastDate',
  'That date is too far ahead. Please choose an earlier date.': 'slot.tooFar',
  'The clinic is closed on that day. Please choose another date.': 'slot.closed',
  'That time is not offered. Please choose one of the available times.': 'slot.notOffered',
  'That time has already passed. Please choose a later time.': 'slot.timePassed',
  'Too many bookings for this day are waiting for payment. Please choose another day, or try again in a few minutes.': 'hold.day',
  'Many people are booking right now. Please try again in a moment.': 'booking.busy',
  'This booking was tried too many times. Please reload the page and try again.': 'booking.tooManyTries',
  'This booking is confirmed already.': 'booking.confirmedAlready',
  'Please choose a practitioner': 'validation.practitioner',
  'Unknown practitioner': 'validation.practitioner',
  // The form's payment (shared/forms/validate.ts, functions/leads/create-payment-session.ts).
  'No package selected. Please select a package to continue.': 'formRule.noPackage',
  'Please enter a valid custom amount (minimum $0.50)': 'formRule.customAmount',
  'Amount must have no more than 2 decimal places': 'formRule.amountDecimals',
  'Amount must be at most $999,999.99': 'formRule.amountTooLarge',
  'The selected package is not available for this form.': 'payment.unknownPackage',
  'This package cannot be paid online.': 'payment.notPayable',
  'This package has a fixed price; no amount may be sent.': 'payment.fixedPrice',
  'The package differs from the one chosen in the form.': 'payment.packageDiffers',
  'This submission is paid already.': 'payment.paidAlready',
  'This payment was tried too many times. Please reload the page and try again.': 'payment.tooManyTries',
  // The manage page (shared/manage/schemas.ts MANAGE_MESSAGES; not imported: it would bring zod to the page).
  'This link is not valid or has expired. Please contact the clinic.': 'manage.invalid',
  'To change the time of an appointment, please contact the clinic.': 'manage.appointmentTime',
  'The booking changed meanwhile. Please reload and try again.': 'manage.changedMeanwhile',
  // The API's answers for an unknown page or package (functions/*/lib/views.ts, server code).
  'This booking page is not available. Please check the link.': 'booking.unavailableLink',
  'This package is not available. Please choose another package.': 'validation.packageUnavailable',
  'This form is not available.': 'form.unavailable',
  'This appointment page is not available. Please check the link.': 'request.unavailable',
  // Any public request (functions/http/http.ts, shared/challenge/challenge.ts).
  'This request is still being processed. Please try again in a moment.': 'common.inProgress',
  'Please wait a moment and try again: the page is checking your connection.': 'challenge.wait',
  'The upload could not be read. Please try again.': 'file.unreadable',
  // A patient's series (shared/bookings/series-schemas.ts SERIES_MESSAGES.taken; not imported: it would bring zod to the page).
  'Some of these times were just taken. Nothing was booked: please look at the series again.': 'series.takenNow',
};

/** The appointment form's labels inside its messages (shared/appointments/form.ts OPTIONAL_TEXT, ATTACHMENT_LABELS). */
const LABELS: Record<string, MessageKey> = {
  'Preferred location': 'appointmentForm.preferredLocation',
  'Reason of appointment': 'appointmentForm.reasonOfAppointment',
  'Primary insurance': 'appointmentForm.primaryInsurance',
  'Insurance member ID': 'appointmentForm.insuranceMemberId',
  'Additional notes': 'appointmentForm.additionalNotes',
  'Appointment type': 'appointmentForm.appointmentType',
  'Insurance card image': 'appointmentForm.insuranceCardImage',
  'Debtor referral document': 'appointmentForm.debtorReferralDocument',
};

type Values = Record<string, string | number>;

/**
 * Texts with values: the pattern, the key, and the values from its groups. Labels the form knows are
 * translated; a clinic's own field label stays as written. Order matters where patterns overlap.
 */
const PATTERNS: [RegExp, MessageKey, (m: RegExpExecArray, label: (text: string) => string) => Values][] = [
  // Money (shared/currency.ts amountMessage, shared/forms/validate.ts parseCustomAmount): 'Minimum ¥50'.
  [/^Minimum (.+)$/, 'money.minimum', (m) => ({ amount: m[1] })],
  [/^Maximum (.+)$/, 'money.maximum', (m) => ({ amount: m[1] })],
  [/^Amounts in ([A-Z]{3}) have no decimals$/, 'money.noDecimals', (m) => ({ currency: m[1] })],
  [/^Amounts in ([A-Z]{3}) have at most (\d) decimals$/, 'money.decimals', (m) => ({ currency: m[1], n: Number(m[2]) })],
  [/^Amounts in ([A-Z]{3}) must end in 0$/, 'money.endInZero', (m) => ({ currency: m[1] })],
  [/^Amounts in ([A-Z]{3}) are whole krónur$/, 'money.wholeKronur', (m) => ({ currency: m[1] })],
  [/^Please enter an amount in ([A-Z]{3})$/, 'money.enterAmount', (m) => ({ currency: m[1] })],
  [/^Please enter a valid custom amount \(minimum (.+)\)$/, 'formRule.customAmountMin', (m) => ({ amount: m[1] })],
  [/^Amount must have no more than (\d) decimal places$/, 'formRule.amountDecimalsN', (m) => ({ n: Number(m[1]) })],
  [/^Amount must be at most (.+)$/, 'formRule.amountMax', (m) => ({ amount: m[1] })],
  [/^The amount must be at least (.+) for this package\.$/, 'formRule.amountMin', (m) => ({ amount: m[1] })],
  [/^This package is priced in ([A-Z]{3})\. Please reload the page\.$/, 'payment.otherCurrency', (m) => ({ currency: m[1] })],
  // Holds and attempts (functions/bookings/create-booking.ts, functions/http/http.ts).
  [/^You already have a booking waiting for payment\. Please complete that payment, or try again in (\d+) minutes? when it is released\.$/, 'hold.patient', (m) => ({ minutes: Number(m[1]) })],
  [/^Too many bookings from your network are waiting for payment\. Please try again in (\d+) minutes?\.$/, 'hold.network', (m) => ({ minutes: Number(m[1]) })],
  [/^Too many attempts\. Please try again in (\d+) minutes?\.$/, 'common.tooMany', (m) => ({ minutes: Number(m[1]) })],
  [/^This booking can no longer be changed online \(the clinic allows changes until (\d+) hours? before the start\)\. Please contact (.+)\.$/, 'manage.closed', (m) => ({ hours: Number(m[1]), clinic: m[2] })],
  // Files (the request page's attachments: its form and functions/appointments/lib/book.ts; functions/http/http.ts).
  [/^(.+): this file type is not allowed\. Allowed: (.+)\.$/, 'appointmentForm.fileType', (m, label) => ({ label: label(m[1]), types: m[2] })],
  [/^The upload is too large \(at most (\d+) MB\)\.$/, 'file.uploadTooLarge', (m) => ({ mb: Number(m[1]) })],
  [/^The file is too large \(at most (\d+) MB\)\.$/, 'file.tooLarge', (m) => ({ mb: Number(m[1]) })],
  [/^(.+) is too large \(at most (\d+) MB\)\.$/, 'appointmentForm.fileTooLarge', (m, label) => ({ label: label(m[1]), mb: Number(m[2]) })],
  // The appointment request's optional texts (shared/appointments/form.ts tooLong): no full stop.
  [/^(.+) must be at most (\d+) characters$/, 'validation.tooLong', (m, label) => ({ label: label(m[1]), max: Number(m[2]) })],
  // A form's fields (shared/forms/validate.ts messages): the label is the clinic's own.
  [/^(.+) is required\.$/, 'formRule.required', (m) => ({ label: m[1] })],
  [/^(.+) must be at least (\d+) characters?\.$/, 'formRule.minLength', (m) => ({ label: m[1], n: Number(m[2]) })],
  [/^(.+) must be at most (\d+) characters?\.$/, 'formRule.maxLength', (m) => ({ label: m[1], n: Number(m[2]) })],
  [/^(.+) must be one of the listed options\.$/, 'formRule.notAnOption', (m) => ({ label: m[1] })],
  [/^(.+) must be a valid email address\.$/, 'formRule.email', (m) => ({ label: m[1] })],
  [/^(.+) must be a number\.$/, 'formRule.number', (m) => ({ label: m[1] })],
  [/^(.+) must be at least (-?[\d.]+)\.$/, 'formRule.min', (m) => ({ label: m[1], n: m[2] })],
  [/^(.+) must be at most (-?[\d.]+)\.$/, 'formRule.max', (m) => ({ label: m[1], n: m[2] })],
  [/^(.+) must be a valid web address \(http or https\)\.$/, 'formRule.url', (m) => ({ label: m[1] })],
  [/^(.+) must be a valid date\.$/, 'formRule.date', (m) => ({ label: m[1] })],
  [/^(.+) must be a valid time\.$/, 'formRule.time', (m) => ({ label: m[1] })],
  [/^(.+) must be ticked or left empty\.$/, 'formRule.checkbox', (m) => ({ label: m[1] })],
  [/^(.+): please upload the file again\.$/, 'formRule.file', (m) => ({ label: m[1] })],
  [/^(.+) was sent more than once\.$/, 'formRule.duplicate', (m) => ({ label: m[1] })],
];

/** A rule's message translated; any other server text as it came. */
export function ruleMessage(t: Translate, message: string): string {
  const key = RULE_MESSAGES[message];
  if (key) return t(key);
  const label = (text: string) => (LABELS[text] ? t(LABELS[text]) : text);
  for (const [pattern, patternKey, values] of PATTERNS) {
    const m = pattern.exec(message);
    if (m) return t(patternKey, values(m, label));
  }
  return message;
}
