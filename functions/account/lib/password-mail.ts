// The mail telling a member their password changed (sent through the outbox with the change).
import { config } from '#lib/config';
import type { Mail } from '#lib/mail';

export const passwordChangedMail = (email: string, how: 'changed' | 'reset'): Mail => ({
  to: email,
  subject: 'Your password was changed',
  text:
    `The password of your Clinic Suite account was just ${how === 'reset' ? 'reset with a code sent to this address' : 'changed'}, ` +
    `and your other sessions were signed out.\n\n` +
    `If this was not you, reset your password at ${config.appUrl}/auth/forgot-password and tell your organisation's owner.`,
});
