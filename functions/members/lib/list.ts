// The member list shared by GET /organization/members and its spec alias GET /users.
import { DEFAULT_PAGE_SIZE, type membersQuerySchema } from '#shared/organization/schemas';
import type * as z from 'zod/mini';
import type { Caller } from '#http/authorise';
import { listMembersPage, toMemberView } from '../../data/members';

export async function listMembersReply(query: z.infer<typeof membersQuerySchema>, caller: Caller) {
  const page = await listMembersPage(caller.orgId, { limit: query.limit ?? DEFAULT_PAGE_SIZE, cursor: query.cursor, search: query.search || undefined });
  return { data: { items: page.items.map(toMemberView), nextCursor: page.nextCursor } };
}
