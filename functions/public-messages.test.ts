// The API's messages that reach the public pages, as the server writes them, are each translated by
// the pages (web/src/i18n/rules.ts): English gives back the very text, Spanish does not. A reworded
// server message fails here until rules.ts and the catalogues follow it.
import { describe, expect, it } from 'vitest';
import { CHALLENGE_MESSAGE } from '#shared/challenge/challenge';
import { MANAGE_MESSAGES } from '#shared/manage/schemas';
import { PRACTITIONER_MESSAGES } from '#shared/bookings/practitioner-messages';
import { IN_PROGRESS_MESSAGE, tooManyMessage } from '#http/http';
import { translator } from '../web/src/i18n/i18n';
import { ruleMessage } from '../web/src/i18n/rules';
import en from '../web/src/i18n/messages/en.json';
import es from '../web/src/i18n/messages/es.json';
import { HOLD_LIMIT_MESSAGES } from './bookings/create-booking';
import { SLOT_REFUSALS } from '#domain/bookings/refusals';
import { checkBookingDate } from './appointments/lib/book';

const english = translator('en', en);
const spanish = translator('es', es);

const refusal = (call: () => void) => {
  try {
    call();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('not refused');
};

const SERVER_MESSAGES = [
  ...Object.values(SLOT_REFUSALS).map(([, message]) => message),
  HOLD_LIMIT_MESSAGES.patient(1),
  HOLD_LIMIT_MESSAGES.patient(7),
  HOLD_LIMIT_MESSAGES.network(2),
  HOLD_LIMIT_MESSAGES.day,
  tooManyMessage(30),
  tooManyMessage(600),
  IN_PROGRESS_MESSAGE,
  CHALLENGE_MESSAGE,
  MANAGE_MESSAGES.unknown,
  MANAGE_MESSAGES.appointmentTime,
  MANAGE_MESSAGES.closed(1, 'Sunny Clinic'),
  MANAGE_MESSAGES.closed(24, 'Sunny Clinic'),
  refusal(() => checkBookingDate('2000-01-01', 'UTC')),
  refusal(() => checkBookingDate('2999-01-01', 'UTC')),
];

describe("the API's messages on the public pages", () => {
  it.each(SERVER_MESSAGES)('%s: English as written, Spanish translated', (message) => {
    expect(ruleMessage(english, message)).toBe(message);
    expect(ruleMessage(spanish, message)).not.toBe(message);
  });

  it('an unknown practitioner reads as the choice to make again', () => {
    expect(ruleMessage(spanish, PRACTITIONER_MESSAGES.unknownPractitioner)).toBe(spanish('validation.practitioner'));
  });
});
