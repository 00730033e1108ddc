// One-time codes: 6 digits, stored hashed, valid 10 minutes, locked after 5 wrong tries, and sent at
// most once a minute and 5 times an hour per purpose. Conditional writes keep racing requests honest.
import { badRequest, serviceUnavailable, tooManyRequests } from '#lib/errors';
import { isConditionFailure } from '../../data/core';
import { suppressionOf } from '../../data/mail-guard';
import { log } from '#lib/log';
import { sendMail, type Mail } from '#lib/mail';
import { hashOtp, newOtp, otpMatches, randomId } from '#lib/passwords';
import { consumeOtp, countOtpAttempt, getOtp, putOtp, releaseOtpSend, type OtpPurpose, type OtpRecord, type User } from '../../data/users';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_ATTEMPTS = 5;
export const RESEND_AFTER_MS = 60 * 1000;
export const MAX_SENDS_PER_HOUR = 5;

const INVALID_CODE = 'The code is incorrect or has expired. Please request a new one.';

export const MAIL_FAILED = 'We could not send the email just now. Please try again in a moment.';

/** Reserves the right to send now, or throws 429. Returns the time the send is recorded at. */
async function reserveSend(userId: string, purpose: OtpPurpose, fields: Partial<OtpRecord>): Promise<string> {
  const now = Date.now();
  const previous = await getOtp(userId, purpose);
  if (previous && now - Date.parse(previous.lastSentAt) < RESEND_AFTER_MS) {
    const wait = Math.ceil((RESEND_AFTER_MS - (now - Date.parse(previous.lastSentAt))) / 1000);
    throw tooManyRequests(`Please wait ${wait} seconds before asking for another code.`, wait);
  }
  const windowOpen = previous && now - Date.parse(previous.windowStartedAt) < 60 * 60 * 1000;
  const sends = windowOpen ? previous.sends + 1 : 1;
  if (sends > MAX_SENDS_PER_HOUR) throw tooManyRequests('Too many codes were requested. Please try again in an hour.', 3600);
  const record: OtpRecord = {
    codeHash: '',
    salt: '',
    attempts: 0,
    expiresAt: new Date(now + CODE_TTL_MS).toISOString(),
    sends,
    windowStartedAt: windowOpen ? previous.windowStartedAt : new Date(now).toISOString(),
    lastSentAt: new Date(now).toISOString(),
    ...fields,
  };
  try {
    await putOtp(userId, purpose, record, previous?.lastSentAt);
  } catch (error) {
    if (isConditionFailure(error)) throw tooManyRequests('A code was just sent. Please check your inbox.', 60);
    throw error;
  }
  return record.lastSentAt;
}

export const UNDELIVERABLE = 'We cannot send email to this address: earlier mail to it was returned or reported as spam. Please use another email address.';

/** Sends a reserved mail; if it does not go out, undoes the reservation so the person can ask again at once. */
async function sendReserved(userId: string, purpose: OtpPurpose, sentAt: string, mail: Mail): Promise<void> {
  // Never to an address on the suppression list (it bounced for good or complained), as the outbox
  // does for every other mail (functions/outbox/lib/guards.ts): sending anyway harms the sending
  // reputation every clinic's mail relies on, and the code would not arrive.
  if (await suppressionOf(mail.to)) {
    await releaseOtpSend(userId, purpose, sentAt);
    throw badRequest(UNDELIVERABLE);
  }
  try {
    await sendMail(mail);
  } catch (error) {
    log.error('One-time code mail not sent', error, { purpose });
    await releaseOtpSend(userId, purpose, sentAt);
    throw serviceUnavailable(MAIL_FAILED, 5);
  }
}

const SUBJECTS: Record<'verify-email' | 'reset-password', string> = {
  'verify-email': 'Your verification code',
  'reset-password': 'Your password reset code',
};

/** Creates, stores (hashed) and mails a new code. */
export async function sendCode(user: Pick<User, 'id' | 'email'>, purpose: 'verify-email' | 'reset-password', pendingPasswordHash?: string) {
  const code = newOtp();
  const salt = randomId(12);
  const sentAt = await reserveSend(user.id, purpose, { codeHash: hashOtp(code, salt), salt, pendingPasswordHash });
  const intro = purpose === 'verify-email' ? 'Use this code to verify your email address:' : 'Use this code to reset your password:';
  await sendReserved(user.id, purpose, sentAt, {
    to: user.email,
    subject: `${SUBJECTS[purpose]}: ${code}`,
    text: `${intro}\n\n${code}\n\nThe code expires in 10 minutes. If you did not ask for it, you can ignore this email.`,
  });
}

/** Tells the owner of an existing account that someone tried to sign up with their email. */
export async function sendAccountExistsNotice(user: Pick<User, 'id' | 'email'>, appUrl: string) {
  let sentAt: string;
  try {
    sentAt = await reserveSend(user.id, 'account-notice', {});
  } catch {
    return; // throttled: the owner was told recently
  }
  // A failure answers like a new sign-up's failure (503), so it reveals nothing either.
  await sendReserved(user.id, 'account-notice', sentAt, {
    to: user.email,
    subject: 'You already have an account',
    text: `Someone (maybe you) tried to sign up with this email address, which already has an account.\n\nSign in at ${appUrl}/auth, or reset your password at ${appUrl}/auth/forgot-password if you have forgotten it.`,
  });
}

/**
 * Checks a code without using it up. Every try is counted first, atomically, and only a counted try
 * is compared: parallel guesses cannot get more than MAX_ATTEMPTS comparisons between them.
 */
export async function checkCode(userId: string, purpose: 'verify-email' | 'reset-password', code: string): Promise<OtpRecord> {
  const record = await countOtpAttempt(userId, purpose, MAX_ATTEMPTS);
  if (!record) {
    const current = await getOtp(userId, purpose);
    if (current?.codeHash && Date.parse(current.expiresAt) >= Date.now()) throw tooManyRequests('Too many wrong codes. Please request a new code.');
    throw badRequest(INVALID_CODE);
  }
  if (!record.codeHash || Date.parse(record.expiresAt) < Date.now()) throw badRequest(INVALID_CODE);
  if (!otpMatches(code, record.salt, record.codeHash)) {
    const left = MAX_ATTEMPTS - record.attempts;
    throw badRequest(left > 0 ? `The code is incorrect. ${left} ${left === 1 ? 'try' : 'tries'} left.` : 'Too many wrong codes. Please request a new code.');
  }
  return record;
}

/** Uses up a checked code; only one of two racing requests succeeds. */
export async function useCode(userId: string, purpose: 'verify-email' | 'reset-password', record: OtpRecord) {
  try {
    await consumeOtp(userId, purpose, record.codeHash);
  } catch (error) {
    if (isConditionFailure(error)) throw badRequest(INVALID_CODE);
    throw error;
  }
}
