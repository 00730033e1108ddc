// A practitioner's name by id, for what names them (mails, the manage page, calendar feeds) where the
// record in hand carries only the id (appointments). Read by the key docs/practitioners.md gives the
// practitioner record; once functions/data/practitioners.ts lands, its getter can take this one's place.
// Access pattern:
//   a practitioner by id    pk ORG#<orgId>#PRACTITIONERS   sk <id>
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, table } from '#lib/dynamo';

// The practitioner's name; undefined when the organisation has no such practitioner.
export async function practitionerNameFor(orgId: string, id: string): Promise<string | undefined> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) return undefined;
  const out = await ddb.send(new GetCommand({ TableName: table(), Key: { pk: `ORG#${orgId}#PRACTITIONERS`, sk: id }, ProjectionExpression: '#n', ExpressionAttributeNames: { '#n': 'name' } }));
  return typeof out.Item?.name === 'string' && out.Item.name.trim() ? out.Item.name.trim() : undefined;
}

/**
 * Who an appointment (or booking) is with: the name it carries, else the name of the practitioner it
 * names, else null (none, or one since deleted).
 */
export async function practitionerOf(r: { orgId: string; practitionerId?: string | null; practitionerName?: string | null }): Promise<string | null> {
  if (r.practitionerName?.trim()) return r.practitionerName.trim();
  return r.practitionerId ? ((await practitionerNameFor(r.orgId, r.practitionerId)) ?? null) : null;
}
