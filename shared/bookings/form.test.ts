// The page's validator and the API's zod schema must agree, message for message.
import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../common/schemas';
import { bookingFormSchema } from './schemas';
import { bookingPayload, validateBookingForm, type BookingFormValues } from './form';

const valid: BookingFormValues = { packageId: 'p1', firstName: 'Pat', lastName: 'Lee', email: 'pat@example.com', phoneNumber: '+15551234567', bookingDate: '2030-01-31', bookingTime: '09:30' };

const CASES: Partial<BookingFormValues>[] = [
  {},
  { packageId: '', firstName: ' ', lastName: '', email: '', phoneNumber: '', bookingDate: '', bookingTime: '' },
  { email: 'x@' }, { email: 'a..b@example.com' }, { email: '.a@example.com' }, { email: ' Pat@Example.COM ' }, { email: 'a@b.c' }, { email: "o'neil+tag@mail.example.org" },
  { phoneNumber: '+123456789' }, { phoneNumber: '+1234567890' }, { phoneNumber: '1234567890' }, { phoneNumber: '+1234567890123456' }, { phoneNumber: ' +15551234567 ' },
  { bookingDate: '2030-02-30' }, { bookingDate: '31/01/2030' }, { bookingTime: '9:30' }, { bookingTime: '09:30:00' }, { bookingTime: '24:00' }, { bookingTime: 'noon' },
  { firstName: 'x'.repeat(51) }, { lastName: 'y'.repeat(50) }, { packageId: 'z'.repeat(65) },
];

describe('booking form rules: page validator = API schema', () => {
  for (const change of CASES) {
    it(JSON.stringify(change), () => {
      const values = { ...valid, ...change };
      const schema = bookingFormSchema.safeParse(values);
      const expected = schema.success ? {} : fieldErrors(schema.error.issues);
      expect(validateBookingForm(values)).toEqual(expected);
      if (schema.success) expect(bookingPayload(values)).toEqual(schema.data);
    });
  }
});
