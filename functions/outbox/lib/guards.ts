// What the outbox worker checks before it sends a mail or a text message (issue 28: the clinic's mail
// and SMS are no relay). A message that must not go is dropped, not failed: the row keeps the reason,
// a metric counts it, and it is never tried again.
//   - a mail to an address on the suppression list (it bounced for good or complained): every mail;
//   - a mail to an address typed on a public page beyond that address's daily cap (counted here, at
//     delivery, by one conditional write: never read-then-write);
//   - a text message to a number outside the countries the clinic allows;
// and before any row that names or reaches a patient (a mail or text to them, a webhook or a staff notice
// about them): a patient erased since the row was written (a worker held it while the erase ran; the
// erase drops the pending ones) is not reached ('patient-erased', data/erasures.ts).
import { callingCodeOf, smsAllowedTo } from '#shared/sms-countries';
import { erasedSince } from '../../data/erasures';
import { countTypedRecipientMail, suppressionOf } from '../../data/mail-guard';
import { getOrganization } from '../../data/organizations';
import { personOfRow, type OutboxRow } from '../../data/outbox';
import { NotToBeSent } from './outcomes';

export { NotToBeSent };

/** Throws NotToBeSent when the row's mail or SMS must not go; counts a typed recipient's mail. */
export async function checkBeforeSending(row: OutboxRow, token: string): Promise<void> {
  const { payload } = row;
  if (payload.kind === 'mail') {
    if (await suppressionOf(payload.mail.to)) throw new NotToBeSent('suppressed');
    if (payload.typedRecipient && !row.recipientCounted && !(await countTypedRecipientMail(row.id, token, payload.mail.to, row.orgId))) {
      throw new NotToBeSent('recipient-cap');
    }
  }
  if (payload.kind === 'sms') {
    const org = row.orgId ? await getOrganization(row.orgId) : undefined;
    if (!org || !smsAllowedTo(org, payload.sms.to)) throw new NotToBeSent('sms-country', callingCodeOf(payload.sms.to));
  }
}

/** Throws NotToBeSent('patient-erased') when the row is about a patient erased at or after its time (its copy still names them). */
export async function checkNotErased(row: OutboxRow): Promise<void> {
  const who = row.orgId ? personOfRow(row) : undefined;
  if (who && (await erasedSince(row.orgId!, who, who.at))) throw new NotToBeSent('patient-erased');
}
