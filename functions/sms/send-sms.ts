// POST /sms { customerId? , phone?, message }: text a customer (their phone, unless a phone is given)
// or a number. Sent through SNS in AWS, the local outbox otherwise; every attempt is recorded with an
// audit entry, a failed one too (then 502). Only to the countries the clinic allows (issue 28: SMS
// pumping): a number elsewhere is refused (400) and nothing is sent.
import { SMS_COUNTRY_REFUSED, sendSmsSchema, sendSmsReply } from '#shared/sms/schemas';
import { callingCodeOf, smsAllowedTo } from '#shared/sms-countries';
import { HttpError, badRequest, notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { log } from '#lib/log';
import { randomId } from '#lib/passwords';
import { sendSms } from '#lib/sms';
import { transact } from '../data/core';
import { auditItem } from '../data/audit';
import { getCustomer } from '../data/customers';
import { getOrganization } from '../data/organizations';
import { putSms, type SmsMessage } from '../data/sms';
import { callerName } from '#domain/appointments/actors';

export const handler = endpoint({ body: sendSmsSchema, reply: sendSmsReply }, async ({ body, caller }) => {
  const customer = body.customerId ? await getCustomer(caller.orgId, body.customerId) : undefined;
  if (body.customerId && !customer) throw notFound('Customer not found.');
  const to = body.phone ?? customer?.phone;
  if (!to) throw badRequest('This customer has no phone number. Enter one to send the message.', { phone: 'This customer has no phone number.' });

  const [org, sentByName] = await Promise.all([getOrganization(caller.orgId), callerName(caller)]);
  if (!org || !smsAllowedTo(org, to)) {
    log.info('SMS refused: country not allowed', { callingCode: callingCodeOf(to) });
    throw badRequest(SMS_COUNTRY_REFUSED, { phone: SMS_COUNTRY_REFUSED });
  }
  const record: SmsMessage = {
    id: randomId(),
    orgId: caller.orgId,
    to,
    message: body.message,
    customerId: customer?.id,
    customerName: customer ? `${customer.firstName} ${customer.lastName}` : undefined,
    status: 'sent',
    sentBy: caller.userId,
    sentByName,
    at: new Date().toISOString(),
  };
  try {
    record.providerMessageId = (await sendSms(to, body.message, org?.name)).messageId;
  } catch (error) {
    record.status = 'failed';
    record.error = String((error as Error)?.message ?? error).slice(0, 300);
    log.error('SMS not sent', error);
  }
  await transact([
    putSms(record),
    auditItem({ orgId: caller.orgId, actorId: caller.userId, module: 'SMS', action: 'create', recordType: 'sms', recordId: record.id, summary: `${record.status === 'sent' ? 'Sent' : 'Failed to send'} a text message to ${record.customerName ?? to}` }),
  ]);
  if (record.status === 'failed') throw new HttpError(502, 'The message could not be sent. Please try again.');
  const { orgId: _o, ...view } = record;
  return { status: 201, message: 'The message is sent.', data: view };
});
