import { describe, expect, it } from 'vitest';
import { callingCodeOf, smsAllowedTo, smsCountriesOf } from './sms-countries';

describe('SMS countries', () => {
  it('reads the calling code of a number in international form', () => {
    expect(callingCodeOf('+15551234567')).toBe('+1');
    expect(callingCodeOf('+79161234567')).toBe('+7');
    expect(callingCodeOf('+44 20 7946 0958')).toBe('+44');
    expect(callingCodeOf('+49 (30) 1234-5678')).toBe('+49');
    expect(callingCodeOf('+353861234567')).toBe('+353');
    expect(callingCodeOf('+2348012345678')).toBe('+234');
    expect(callingCodeOf('555-1234')).toBeUndefined();
    expect(callingCodeOf(undefined)).toBeUndefined();
  });

  it("defaults to the clinic's own country, or to none when its phone is not international", () => {
    expect(smsCountriesOf({ phoneNumber: '+44 20 7946 0958' })).toEqual(['+44']);
    expect(smsCountriesOf({ phoneNumber: '(555) 123-4567' })).toEqual([]);
    expect(smsCountriesOf({ phoneNumber: '+15551234567', smsCountryCodes: ['+1', '+44'] })).toEqual(['+1', '+44']);
  });

  it('allows only numbers of the listed countries', () => {
    const org = { phoneNumber: '+15551234567' };
    expect(smsAllowedTo(org, '+15557654321')).toBe(true);
    expect(smsAllowedTo(org, '+2348012345678')).toBe(false);
    expect(smsAllowedTo({ ...org, smsCountryCodes: ['+234'] }, '+2348012345678')).toBe(true);
    expect(smsAllowedTo({ ...org, smsCountryCodes: [] }, '+15557654321')).toBe(false);
    expect(smsAllowedTo(org, 'not a number')).toBe(false);
  });
});
