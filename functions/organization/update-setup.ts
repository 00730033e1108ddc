// PUT /organization/setup { step, state } (owner): a wizard step saved (through its own API call
// first), skipped, or opened again ('todo').
import { setupUpdateSchema, updateSetupReply } from '#shared/reports/schemas';
import { endpoint } from '#http/http';
import { saveSetupStep } from '../data/setup-progress';

export const handler = endpoint({ body: setupUpdateSchema, reply: updateSetupReply }, async ({ body, caller }) => ({
  message: body.state === 'skipped' ? 'Step skipped.' : 'Set-up progress saved.',
  data: await saveSetupStep(caller.orgId, body.step, body.state),
}));
