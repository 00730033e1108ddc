import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../common/schemas';
import { availabilitySchema, bookingFormSchema, bookingPackageSchema, bookingPackageSchemaIn, priceToCents, priceToMinor } from './schemas';

const valid = { packageId: 'abc', firstName: 'Pat', lastName: 'Lee', email: ' Pat@Example.com ', phoneNumber: '+15551234567', bookingDate: '2030-01-31', bookingTime: '09:30:00' };

describe('booking form schema (spec section 5)', () => {
  it('gives the spec message for each field', () => {
    const result = bookingFormSchema.safeParse({ packageId: '', firstName: ' ', lastName: '', email: 'x@', phoneNumber: '1234567890', bookingDate: '', bookingTime: '' });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!.issues)).toEqual({
      packageId: 'Please select a package',
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Invalid email address',
      phoneNumber: 'Invalid phone number (e.g., +1234567890)',
      bookingDate: 'Booking date is required',
      bookingTime: 'Booking time is required',
    });
  });

  it('normalises what a form sends: numeric package ids, lower-case email, HH:mm times', () => {
    expect(bookingFormSchema.parse({ ...valid, packageId: 7 })).toMatchObject({ packageId: '7', email: 'pat@example.com', bookingTime: '09:30' });
  });

  it('takes 10 to 15 digits after the plus sign', () => {
    expect(bookingFormSchema.safeParse({ ...valid, phoneNumber: '+123456789' }).success).toBe(false);
    expect(bookingFormSchema.safeParse({ ...valid, phoneNumber: '+1234567890' }).success).toBe(true);
    expect(bookingFormSchema.safeParse({ ...valid, phoneNumber: '+1234567890123456' }).success).toBe(false);
  });

  it('refuses impossible dates and times', () => {
    expect(fieldErrors(bookingFormSchema.safeParse({ ...valid, bookingDate: '2030-02-29' }).error!.issues)).toEqual({ bookingDate: 'Booking date must be a date such as 2030-01-31' });
    expect(fieldErrors(bookingFormSchema.safeParse({ ...valid, bookingTime: '25:00' }).error!.issues)).toEqual({ bookingTime: 'Booking time must be a time such as 09:30' });
  });
});

describe('booking package schema', () => {
  it('reads dollars with at most 2 decimals, at least $0.50', () => {
    expect(priceToCents(49.99)).toBe(4999);
    expect(priceToCents('0.5')).toBe(50);
    expect(priceToCents(0.49)).toBe('A booking package needs a price of at least $0.50.');
    expect(priceToCents('1.234')).toBe('Price must be a number of dollars with at most 2 decimals');
    expect(priceToCents(-1)).toBe('Price must be a number of dollars with at most 2 decimals');
    expect(bookingPackageSchema.parse({ packageName: 'A', packagePrice: '12.5' })).toEqual({ packageName: 'A', packagePrice: 12.5, packageDescription: '', redirectionUrl: '', isActive: true });
  });

  it("checks the price by the clinic's currency: yen whole, KWD ending in 0, minimums per currency", () => {
    expect(priceToMinor('5000', 'jpy')).toBe(5000);
    expect(priceToMinor('49', 'jpy')).toBe('A booking package needs a price of at least ¥50.');
    expect(priceToMinor('5000.5', 'jpy')).toBe('Amounts in JPY have no decimals');
    expect(priceToMinor('5.125', 'kwd')).toBe('Amounts in KWD must end in 0');
    expect(priceToMinor('5.12', 'kwd')).toBe(5120);
    expect(priceToMinor('0.29', 'gbp')).toBe('A booking package needs a price of at least £0.30.');
    const jpy = bookingPackageSchemaIn('jpy');
    expect(jpy.safeParse({ packageName: 'A', packagePrice: '5000.5' }).error?.issues[0]?.message).toBe('Amounts in JPY have no decimals');
    expect(jpy.parse({ packageName: 'A', packagePrice: '5000' }).packagePrice).toBe(5000);
    expect(bookingPackageSchemaIn('usd').safeParse({ packageName: 'A', packagePrice: '0.49' }).error?.issues[0]?.message).toBe('A booking package needs a price of at least $0.50.');
    // The API's own body takes the shape only; the handler knows the clinic's currency.
    expect(bookingPackageSchema.safeParse({ packageName: 'A', packagePrice: '5.125' }).success).toBe(true);
    expect(bookingPackageSchema.safeParse({ packageName: 'A', packagePrice: '-1' }).error?.issues[0]?.message).toBe('Price must be a number of dollars with at most 2 decimals');
  });
});

describe('availability schema', () => {
  it('fills closed weekdays and defaults', () => {
    const parsed = availabilitySchema.parse({ weeklyHours: { monday: [{ start: '09:00', end: '24:00' }] }, slotMinutes: 30, capacity: 2 });
    expect(parsed.weeklyHours.sunday).toEqual([]);
    expect(parsed).toMatchObject({ closedDates: [], minNoticeMinutes: 0, maxDaysAhead: 180 });
  });
});
