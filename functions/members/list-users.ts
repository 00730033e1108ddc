// GET /users: the organisation's members, a page at a time (the same answer as GET /organization/members).
import { membersQuerySchema, listUsersReply } from '#shared/organization/schemas';
import { endpoint } from '#http/http';
import { listMembersReply } from './lib/list';

export const handler = endpoint({ query: membersQuerySchema, reply: listUsersReply }, async ({ query, caller }) => listMembersReply(query, caller));
