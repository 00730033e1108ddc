// The owner's audit log, newest first, a page at a time; filters: module, userId (the member who
// acted), from/to (ISO dates or date-times, inclusive; a bare date is its whole UTC day). Each entry
// names its actor from the current memberships (null once they have left).
import { DEFAULT_PAGE_SIZE, logRange, logsQuerySchema, type AuditLogView, listLogsReply } from '#shared/organization/schemas';
import { endpoint } from '#http/http';
import { listAuditPage } from '../data/audit';
import { getMemberships } from '../data/members';

export const handler = endpoint({ query: logsQuerySchema, reply: listLogsReply }, async ({ query, caller }) => {
  const range = query.from || query.to ? logRange(query.from, query.to) : undefined;
  const page = await listAuditPage(caller.orgId, {
    limit: query.limit ?? DEFAULT_PAGE_SIZE,
    cursor: query.cursor,
    module: query.module,
    userId: query.userId,
    from: query.from ? range!.from : undefined,
    to: query.to ? range!.to : undefined,
  });
  const actors = await getMemberships(caller.orgId, page.items.map((e) => e.actorId));
  const items: AuditLogView[] = page.items.map((e) => {
    const m = actors.get(e.actorId);
    return {
      id: e.id, at: e.at, module: e.module, action: e.action, recordType: e.recordType, recordId: e.recordId, summary: e.summary, actorId: e.actorId,
      actor: m ? { userId: m.userId, email: m.email, firstName: m.firstName, lastName: m.lastName } : null,
    };
  });
  return { data: { items, nextCursor: page.nextCursor } };
});
