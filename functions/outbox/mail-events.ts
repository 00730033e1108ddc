// SES's bounce and complaint events (configuration set event destination -> SNS topic -> this
// function; locally POST /local/ses/bounce feeds the same function): a hard bounce or a complaint puts
// the address on the table's suppression list (functions/data/mail-guard.ts), which the outbox worker
// honours before every send (functions/outbox/lib/guards.ts). SES's own account-level suppression list
// does the same on its side; ours also covers the local stack and keeps a bounced address from
// counting again against the clinic's reputation through any future mail.
// A soft (transient) bounce is not suppressed: the mailbox may be full today and fine tomorrow.
import type { SNSEvent } from 'aws-lambda';
import { countMetric, log, withInvocationLog } from '#lib/log';
import { suppressAddress, type SuppressionReason } from '../data/mail-guard';

/** What SES publishes (event publishing names the type `eventType`, identity notifications `notificationType`). */
export interface SesMailEvent {
  eventType?: string;
  notificationType?: string;
  bounce?: { bounceType?: string; bouncedRecipients?: { emailAddress?: string }[] };
  complaint?: { complainedRecipients?: { emailAddress?: string }[] };
}

/** The addresses an SES event says are not to be mailed again, with why. */
export function suppressionsOf(event: SesMailEvent): { address: string; reason: SuppressionReason }[] {
  const type = event.eventType ?? event.notificationType;
  if (type === 'Bounce' && event.bounce?.bounceType === 'Permanent') {
    return (event.bounce.bouncedRecipients ?? []).flatMap((r) => (r.emailAddress ? [{ address: r.emailAddress, reason: 'bounce' as const }] : []));
  }
  if (type === 'Complaint') {
    return (event.complaint?.complainedRecipients ?? []).flatMap((r) => (r.emailAddress ? [{ address: r.emailAddress, reason: 'complaint' as const }] : []));
  }
  return [];
}

/** Records the suppressions of one SES event; how many addresses it suppressed. */
export async function recordMailEvent(event: SesMailEvent): Promise<number> {
  const found = suppressionsOf(event);
  for (const { address, reason } of found) {
    await suppressAddress(address, reason);
    countMetric('MailAddressesSuppressed', 1, { reason });
  }
  if (found.length) log.info('Mail addresses suppressed', { count: found.length, reasons: [...new Set(found.map((f) => f.reason))].join(',') });
  return found.length;
}

export const handler = async (event: SNSEvent, context?: { awsRequestId?: string }) =>
  withInvocationLog(context?.awsRequestId, 'ses events', async () => {
    // A message that is not JSON is not SES's: logged and skipped (SNS would only deliver it again).
    for (const record of event.Records) {
      let message: SesMailEvent;
      try {
        message = JSON.parse(record.Sns.Message) as SesMailEvent;
      } catch {
        log.warn('SES event not understood, skipped', { messageId: record.Sns.MessageId });
        continue;
      }
      await recordMailEvent(message);
    }
  });
