// The organisation's members, a page at a time; ?search= matches part of a name or email.
import { membersQuerySchema, memberListReply } from '#shared/organization/schemas';
import { endpoint } from '#http/http';
import { listMembersReply } from './lib/list';

export const handler = endpoint({ query: membersQuerySchema, reply: memberListReply }, async ({ query, caller }) => listMembersReply(query, caller));
