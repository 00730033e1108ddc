// The owner's audit log: every write of staff data appends one entry in the same transaction.
// Access patterns:
//   an organisation's log, newest first   pk ORG#<orgId>#LOG           sk <at>#<id>
//   by module                             gsi1pk ORG#<orgId>#LOG#<module>  gsi1sk <at>#<id>
//   by member                             gsi2pk ORG#<orgId>#LOG#USER#<userId>  gsi2sk <at>#<id>
import { randomId } from '#lib/passwords';
import { table } from '#lib/dynamo';

export type AuditModule = 'Organization' | 'Members' | 'Account' | 'Appointment' | 'Notifications' | 'FORMS' | 'BOOKING_PACKAGES' | 'Services' | 'Customers' | 'SMS';

export interface AuditEntry {
  id: string;
  orgId: string;
  actorId: string;
  module: AuditModule;
  action: 'create' | 'update' | 'delete';
  recordType: string;
  recordId: string;
  summary: string;
  at: string;
}

export type AuditInput = Omit<AuditEntry, 'id' | 'at'> & { at?: string };

/** The Put item of one audit entry, to add to the transaction of the write it records. */
export function auditItem(input: AuditInput) {
  const entry: AuditEntry = { ...input, id: randomId(8), at: input.at ?? new Date().toISOString() };
  const sort = `${entry.at}#${entry.id}`;
  return {
    Put: {
      TableName: table(),
      Item: {
        pk: `ORG#${entry.orgId}#LOG`,
        sk: sort,
        gsi1pk: `ORG#${entry.orgId}#LOG#${entry.module}`,
        gsi1sk: sort,
        gsi2pk: `ORG#${entry.orgId}#LOG#USER#${entry.actorId}`,
        gsi2sk: sort,
        ...entry,
      },
    },
  };
}
