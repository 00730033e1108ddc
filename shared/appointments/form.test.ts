import { describe, expect, it } from 'vitest';
import { GENDERS } from '../account/schemas';
import { bookingFormSchema } from './schemas';
import { fieldErrors } from '../common/schemas';
import { APPOINTMENT_GENDERS, STATUS_TRANSITIONS, isoDatePart, timePart, validateAppointmentForm, type BookingFormValues } from './form';

const VALID: BookingFormValues = {
  firstName: 'Vera', lastName: 'Visitor', email: 'vera@example.com', phone: '+15551234567', gender: 'female', dob: '1980-05-06',
  bookingDate: '2030-01-15', bookingTime: '09:30', preferredLocation: '', reasonOfAppointment: '', primaryInsurance: '', insuranceMemberId: '',
  additionalNotes: '', appointmentType: '',
};

const apiErrors = (values: Partial<BookingFormValues>) => {
  const result = bookingFormSchema.safeParse(values);
  return result.success ? {} : fieldErrors(result.error.issues);
};

describe('the request page checks the booking form as the API does', () => {
  const samples: Partial<BookingFormValues>[] = [
    VALID,
    {},
    { ...VALID, firstName: '', lastName: ' ' },
    { ...VALID, firstName: 'x'.repeat(51) },
    { ...VALID, email: 'nope' },
    { ...VALID, email: 'a..b@example.com' },
    { ...VALID, email: `${'a'.repeat(95)}@x.com` },
    { ...VALID, phone: '5551234567' },
    { ...VALID, phone: '+1555' },
    { ...VALID, phone: '+1234567890123456' },
    { ...VALID, gender: 'robot' },
    { ...VALID, gender: 'Male' },
    { ...VALID, dob: '2999-01-01' },
    { ...VALID, dob: '1980-02-30' },
    { ...VALID, bookingDate: '' },
    { ...VALID, bookingDate: '15/01/2030' },
    { ...VALID, bookingDate: '2030-01-15T00:00:00.000Z' },
    { ...VALID, bookingTime: '' },
    { ...VALID, bookingTime: '25:00' },
    { ...VALID, bookingTime: '09:30:00' },
    { ...VALID, additionalNotes: 'x'.repeat(2001), insuranceMemberId: 'x'.repeat(51) },
  ];
  it.each(samples.map((s, i) => [i, s] as const))('sample %i', (_i, sample) => {
    expect(validateAppointmentForm(sample)).toEqual(apiErrors(sample));
  });

  it('offers the sign-up gender options', () => {
    expect([...APPOINTMENT_GENDERS]).toEqual([...GENDERS]);
  });
});

describe('dates, times and the lifecycle', () => {
  it('reads ISO dates as written and refuses impossible ones', () => {
    expect(isoDatePart('2030-01-15')).toBe('2030-01-15');
    expect(isoDatePart('2030-01-15T23:30:00-05:00')).toBe('2030-01-15');
    expect(isoDatePart('2030-02-30')).toBeUndefined();
    expect(isoDatePart('tomorrow')).toBeUndefined();
    expect(timePart('9:30')).toBeUndefined();
    expect(timePart('09:30:15')).toBe('09:30');
  });

  it('closes completed, cancelled and no-show appointments; no status leads back to requested', () => {
    expect(STATUS_TRANSITIONS.completed).toEqual([]);
    expect(STATUS_TRANSITIONS['no-show']).toEqual([]);
    expect(Object.values(STATUS_TRANSITIONS).flat()).not.toContain('requested');
  });
});
