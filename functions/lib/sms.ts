// Outgoing text messages: Amazon SNS (Publish with PhoneNumber) in AWS. Locally (LOCAL_STACK=true) or
// wherever SMS_OUTBOX_URL is set, the message is POSTed to a captured outbox instead, which a person
// reads at /local/sms (and tests at /local/sms/store): nothing leaves the machine.
import { PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import { config } from './config';

let sns: SNSClient | undefined;

function outboxUrl(): string | undefined {
  const { smsOutboxUrl, localStack } = config.services;
  if (smsOutboxUrl) return smsOutboxUrl;
  return localStack ? `${config.appUrl}/local/sms/store` : undefined;
}

export interface SentSms {
  messageId: string;
}

/** Sends `message` to an E.164 phone number; throws when the provider refuses it. */
export async function sendSms(to: string, message: string, senderName?: string): Promise<SentSms> {
  const outbox = outboxUrl();
  if (outbox) {
    const res = await fetch(outbox, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to, message, senderName }),
    });
    if (!res.ok) throw new Error(`SMS outbox answered ${res.status}`);
    const body = (await res.json()) as { id: string };
    return { messageId: body.id };
  }
  sns ??= new SNSClient({});
  const out = await sns.send(
    new PublishCommand({
      PhoneNumber: to,
      Message: message,
      MessageAttributes: {
        // Transactional: delivered with priority (appointment reminders and replies, not marketing).
        'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: 'Transactional' },
        ...(senderName ? { 'AWS.SNS.SMS.SenderID': { DataType: 'String', StringValue: senderName.replace(/[^A-Za-z0-9]/g, '').slice(0, 11) || 'Clinic' } } : {}),
      },
    }),
  );
  return { messageId: out.MessageId ?? '' };
}
