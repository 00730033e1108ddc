// The mails of member management: the invitation (with its one-time link) and the 'you were added' notice.
import { config } from '#lib/config';
import { sendMail } from '#lib/mail';

export const inviteLink = (token: string) => `${config.appUrl}/auth/accept-invite?token=${encodeURIComponent(token)}`;

export async function sendInvitation(to: { email: string; firstName?: string }, orgName: string, inviterName: string, token: string) {
  await sendMail({
    to: to.email,
    subject: `You're invited to join ${orgName}`,
    text: [
      `Hello ${to.firstName ?? ''}`.trim() + ',',
      `${inviterName} added you to ${orgName}. Choose your password to accept the invitation and sign in:`,
      inviteLink(token),
      'The link works once and expires in 7 days. If you were not expecting this invitation, you can ignore this email.',
    ].join('\n\n'),
  });
}

export async function sendAddedNotice(to: { email: string; firstName?: string }, orgName: string, inviterName: string) {
  await sendMail({
    to: to.email,
    subject: `You were added to ${orgName}`,
    text: [
      `Hello ${to.firstName ?? ''}`.trim() + ',',
      `${inviterName} added you to ${orgName}. Sign in with your usual email and password to get started:`,
      `${config.appUrl}/auth`,
      'If you think this is a mistake, reply to this email or ask the organisation to remove you.',
    ].join('\n\n'),
  });
}
