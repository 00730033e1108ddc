// Which countries a clinic's text messages may go to (issue 28, SMS pumping defence): numbers are
// matched by their country calling code ('+44'). A clinic that chose none may text the country of
// its own phone number only; a clinic whose phone number is not in international form (+...) has no
// default and texts nobody until it lists its countries in the organisation profile.

// ITU country calling codes are prefix-free: '1' and '7' have one digit, these have two, all
// others three. Enough to read a number's code without a numbering-plan library.
const TWO_DIGIT = new Set([
  '20', '27', '30', '31', '32', '33', '34', '36', '39', '40', '41', '43', '44', '45', '46', '47', '48', '49',
  '51', '52', '53', '54', '55', '56', '57', '58', '60', '61', '62', '63', '64', '65', '66', '81', '82', '84',
  '86', '90', '91', '92', '93', '94', '95', '98',
]);

/** The calling code ('+44') of a number in international form ('+44 20 7946 0958'), or undefined. */
export function callingCodeOf(phone: string | undefined | null): string | undefined {
  const compact = (phone ?? '').replace(/[\s().-]/g, '');
  if (!/^\+\d{4,15}$/.test(compact)) return undefined;
  const digits = compact.slice(1);
  if (digits[0] === '1' || digits[0] === '7') return `+${digits[0]}`;
  return TWO_DIGIT.has(digits.slice(0, 2)) ? `+${digits.slice(0, 2)}` : `+${digits.slice(0, 3)}`;
}

/** A calling code as a clinic lists it: a plus sign and 1 to 3 digits. */
export const CALLING_CODE = /^\+\d{1,3}$/;

/** The codes a clinic's SMS may go to: its choice, else its own phone's country (none if unknown). */
export function smsCountriesOf(org: { smsCountryCodes?: string[]; phoneNumber?: string }): string[] {
  if (org.smsCountryCodes) return org.smsCountryCodes;
  const own = callingCodeOf(org.phoneNumber);
  return own ? [own] : [];
}

/** Whether the clinic's SMS may go to `phone`. */
export function smsAllowedTo(org: { smsCountryCodes?: string[]; phoneNumber?: string }, phone: string): boolean {
  const code = callingCodeOf(phone);
  return Boolean(code && smsCountriesOf(org).includes(code));
}
