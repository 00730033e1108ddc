// Change the organisation's sign-in security settings (owner). Requiring two-factor takes effect on
// each member's next request: members without it are sent to set it up before anything else. The
// owner turns it on for themselves first, so they cannot shut themselves out.
import { securitySettingsSchema, updateSecuritySettingsReply } from '#shared/account/schemas';
import { badRequest } from '#lib/errors';
import { endpoint } from '#http/http';
import { saveSecuritySettings } from '../data/sessions';
import { getTwoFactor } from '../data/two-factor';
import { isActive } from './lib/two-factor';

export const handler = endpoint({ body: securitySettingsSchema, reply: updateSecuritySettingsReply }, async ({ body, caller }) => {
  if (body.requireTwoFactor && !isActive(await getTwoFactor(caller.userId))) {
    throw badRequest('Turn on two-step sign-in for your own account first.', { requireTwoFactor: 'Turn on two-step sign-in for your own account first.' });
  }
  await saveSecuritySettings(caller.orgId, body, caller.userId);
  return { message: 'Security settings saved.', data: body };
});
