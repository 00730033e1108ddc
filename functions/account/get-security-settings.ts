// The organisation's sign-in security settings (owner): idle limit and the two-factor requirement.
import { endpoint } from '#http/http';
import { getSecuritySettings } from '../data/sessions';

export const handler = endpoint({}, async ({ caller }) => ({ data: await getSecuritySettings(caller.orgId) }));
