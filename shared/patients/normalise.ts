// How a patient is recognised again (issue 36): the same email, whatever its case and surrounding
// spaces, or the same phone number written in E.164 (+ and 10 to 15 digits, as every phone field of the
// product asks: shared/common/schemas.ts E164_PHONE). No country is guessed: a number without its
// international prefix matches nothing rather than the wrong person.
import { E164_PHONE } from '../common/schemas';

/** The email as patients are matched on it ('' and non-strings: null). */
export function normaliseEmail(email: unknown): string | null {
  if (typeof email !== 'string') return null;
  const value = email.trim().toLowerCase();
  return value.includes('@') ? value : null;
}

/** The phone number in E.164, from what a person typed ('+44 20 7946-0958', '0044 20...'); null when it cannot be. */
export function normalisePhone(phone: unknown): string | null {
  if (typeof phone !== 'string') return null;
  let value = phone.trim().replace(/[\s().-]/g, '');
  if (value.startsWith('00')) value = `+${value.slice(2)}`;
  return E164_PHONE.test(value) ? value : null;
}
