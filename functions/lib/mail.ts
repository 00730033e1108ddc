// Outgoing mail through SES v2 (locally: aws-ses-v2-local, whose inbox page shows what was sent).
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { config } from './config';

const ses = new SESv2Client({});

export interface Attachment {
  filename: string;
  contentType: string;
  content: string | Buffer;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: Attachment[];
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Plain text turned into simple HTML paragraphs, for mails that need no layout of their own. */
export function textToHtml(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
}

export async function sendMail(mail: Mail): Promise<void> {
  const html = mail.html ?? textToHtml(mail.text);
  await ses.send(
    new SendEmailCommand({
      FromEmailAddress: config.mailFrom,
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
