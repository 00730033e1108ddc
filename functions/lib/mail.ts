// Outgoing mail through SES v2 (locally: aws-ses-v2-local, whose inbox page shows what was sent).
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { config } from './config';
import { countMetric } from './log';
import { withDisplayName } from './mail-address';
import { renderMailHtml, type MailBrand } from './mail-layout';
import type { Locale } from '#shared/i18n/locales';

export type { MailBrand } from './mail-layout';

// Bounded like every other call: a stalled SES endpoint fails the send instead of hanging it.
const ses = new SESv2Client({ requestHandler: { connectionTimeout: 2_000, requestTimeout: 5_000 }, maxAttempts: 2 });

/** SES's refusals that are about the account or the moment (sending paused, quotas), not the message. */
const ACCOUNT_REFUSALS = new Set([
  'AccountSuspendedException', 'SendingPausedException', 'MailFromDomainNotVerifiedException',
  'LimitExceededException', 'TooManyRequestsException', 'NotFoundException', 'ThrottlingException',
]);

/**
 * SES refused this message itself (a malformed or rejected address, content it will not send):
 * sending it again gives the same answer. Anything else (throttling, outages, timeouts, an account
 * that is paused) may pass later.
 */
export function isPermanentMailRefusal(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  if (e?.name === 'MessageRejected' || e?.name === 'BadRequestException') return true;
  return e?.$metadata?.httpStatusCode === 400 && !ACCOUNT_REFUSALS.has(e.name ?? '');
}

export interface Attachment {
  filename: string;
  contentType: string;
  content: string | Buffer;
}

interface MailParts {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: Attachment[];
  /**
   * Whose layout the HTML part takes: the clinic's (the outbox worker fills it in from the row's
   * organisation at sending time, so a new logo or colour shows in the mails from then on), else the product's.
   */
  brand?: MailBrand;
  /**
   * Who the recipient sees as the sender: the display name on our own sending address (the address
   * stays ours: SES sends only from a verified identity), and where a reply goes (Reply-To).
   */
  sender?: MailSender;
}

/** A mail from the product to staff (codes, invitations, account notices): English, the product's name. */
export interface StaffMail extends MailParts {
  fromClinic?: false;
  locale?: undefined;
}

/**
 * A mail to a patient, sent on the clinic's behalf (confirmations, changes, reminders, receipts): the
 * outbox worker fills in `sender` from the row's organisation. `locale` is the language its text is
 * written in, required so the HTML part says it (`lang`) and reads the right way (`dir`, Arabic
 * right to left): a new patient mail that forgot it does not compile.
 */
export interface PatientMail extends MailParts {
  fromClinic: true;
  locale: Locale;
}

export type Mail = StaffMail | PatientMail;


export interface MailSender {
  name: string;
  replyTo?: string;
}

/** The layout of mails that no clinic sends (sign-in codes, account notices). */
export const PRODUCT_BRAND: MailBrand = { name: 'Clinic Suite' };

/** The HTML part: the text in the sender's layout (functions/lib/mail-layout.ts). */
export const mailHtml = (mail: Mail) =>
  mail.html ?? renderMailHtml(mail.text, mail.brand ?? PRODUCT_BRAND, { subject: mail.subject, ownOrigin: config.appUrl, locale: mail.locale });

/** Sends one mail; every attempt counts as MailsSent or MailsFailed (the outbox retries failed ones). */
export async function sendMail(mail: Mail): Promise<void> {
  try {
    await send(mail);
  } catch (error) {
    countMetric('MailsFailed', 1, { error: (error as Error)?.name });
    throw error;
  }
  countMetric('MailsSent');
}

async function send(mail: Mail): Promise<void> {
  const html = mailHtml(mail);
  await ses.send(
    new SendEmailCommand({
      FromEmailAddress: mail.sender ? withDisplayName(mail.sender.name, config.mailFrom) : config.mailFrom,
      ...(mail.sender?.replyTo ? { ReplyToAddresses: [mail.sender.replyTo] } : {}),
      Destination: { ToAddresses: [mail.to] },
      Content: {
        Simple: {
          Subject: { Data: mail.subject, Charset: 'UTF-8' },
          Body: { Text: { Data: mail.text, Charset: 'UTF-8' }, Html: { Data: html, Charset: 'UTF-8' } },
          ...(mail.attachments?.length
            ? {
                Attachments: mail.attachments.map((a) => ({
                  FileName: a.filename,
                  ContentType: a.contentType,
                  RawContent: typeof a.content === 'string' ? Buffer.from(a.content) : a.content,
                })),
              }
            : {}),
        },
      },
    }),
  );
}
