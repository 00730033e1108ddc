// Text messages sent to customers. Access patterns:
//   an organisation's messages, newest first   pk ORG#<o>#SMS                 sk <at>#<id>
//   a customer's messages, newest first        gsi1pk ORG#<o>#SMS#CUST#<id>   gsi1sk <at>#<id>
import { table } from './dynamo';
import type { Page } from '#shared/api';
import type * as z from 'zod/mini';
import type { smsMessageRecord } from '#shared/sms/records';
import { mergePage, strip, type TransactItem } from './core';

/** A message as stored: what the API shows of it (smsMessageRecord), and its organisation. */
export type SmsMessage = z.output<typeof smsMessageRecord> & { orgId: string };

const partition = (orgId: string) => `ORG#${orgId}#SMS`;
const customerPartition = (orgId: string, customerId: string) => `ORG#${orgId}#SMS#CUST#${customerId}`;

/** The Put of a sent (or failed) message, for one transaction with its audit entry. */
export function putSms(m: SmsMessage): TransactItem {
  const sort = `${m.at}#${m.id}`;
  return {
    Put: {
      TableName: table(),
      Item: { pk: partition(m.orgId), sk: sort, ...(m.customerId ? { gsi1pk: customerPartition(m.orgId, m.customerId), gsi1sk: sort } : {}), ...m },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

// Messages of an organisation (or of one customer), newest first.
export function listSms(orgId: string, o: { limit: number; cursor?: string; customerId?: string }): Promise<Page<SmsMessage>> {
  return mergePage({
    streams: [o.customerId ? { index: 'gsi1', partition: customerPartition(orgId, o.customerId) } : { partition: partition(orgId) }],
    ascending: false,
    limit: o.limit,
    cursor: o.cursor,
    resolve: (items) => Promise.resolve(items.map((i) => strip<SmsMessage>(i))),
  });
}
