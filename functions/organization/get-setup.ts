// GET /organization/setup (owner): the set-up wizard's progress, so it resumes where it was left.
import { getSetupReply } from '#shared/organization/schemas';
import { endpoint } from '#http/http';
import { getSetupProgress } from '../data/setup-progress';

export const handler = endpoint({ reply: getSetupReply }, async ({ caller }) => ({ data: await getSetupProgress(caller.orgId) }));
