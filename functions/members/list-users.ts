// GET /users (the spec's name for the member list): the same answer as GET /organization/members.
import { membersQuerySchema } from '#shared/schemas/organization';
import { endpoint } from '#http/http';
import { listMembersReply } from './lib/list';

export const handler = endpoint({ query: membersQuerySchema }, async ({ query, caller }) => listMembersReply(query, caller));
