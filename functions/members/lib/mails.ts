// The mails of member management: the invitation (with its one-time link) and the 'you were added'
// notice. They are written to the outbox with the change that causes them (data/members.ts), so a
// mail that SES refuses for a while is sent later instead of being lost.
import { config } from '#lib/config';
import { greeting } from '#shared/plain-name';
import type { Mail } from '#lib/mail';

export const inviteLink = (token: string) => `${config.appUrl}/auth/accept-invite?token=${encodeURIComponent(token)}`;

export function invitationMail(to: { email: string; firstName?: string }, orgName: string, inviterName: string, token: string): Mail {
  return {
    to: to.email,
    subject: `You're invited to join ${orgName}`,
    text: [
      greeting(to.firstName),
      `${inviterName} added you to ${orgName}. Choose your password to accept the invitation and sign in:`,
      inviteLink(token),
      'The link works once and expires in 7 days. If you were not expecting this invitation, you can ignore this email.',
    ].join('\n\n'),
  };
}

export function addedMail(to: { email: string; firstName?: string }, orgName: string, inviterName: string): Mail {
  return {
    to: to.email,
    subject: `You were added to ${orgName}`,
    text: [
      greeting(to.firstName),
      `${inviterName} added you to ${orgName}. Sign in with your usual email and password to get started:`,
      `${config.appUrl}/auth`,
      'If you think this is a mistake, reply to this email or ask the organisation to remove you.',
    ].join('\n\n'),
  };
}
