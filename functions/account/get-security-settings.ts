// The organisation's sign-in security settings (owner): idle limit and the two-factor requirement.
import { getSecuritySettingsReply } from '#shared/account/schemas';
import { endpoint } from '#http/http';
import { getSecuritySettings } from '../data/sessions';

export const handler = endpoint({ reply: getSecuritySettingsReply }, async ({ caller }) => ({ data: await getSecuritySettings(caller.orgId) }));
