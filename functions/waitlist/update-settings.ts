// PUT /waitlist/settings (staff): how freed times are offered (one patient at a time, held for the
// window, or everyone at once, first to book wins) and the window. Audited.
import { endpoint } from '#http/http';
import { updateWaitlistSettingsReply, waitlistSettingsSchema } from '#shared/waitlist/schemas';
import { auditItem } from '../data/audit';
import { transact } from '../data/core';
import { putSettingsItem } from '../data/waitlist';

export const handler = endpoint({ body: waitlistSettingsSchema, reply: updateWaitlistSettingsReply }, async ({ body, caller }) => {
  const at = new Date().toISOString();
  const how = body.mode === 'one-by-one' ? `one patient at a time, held ${body.holdMinutes} minutes` : `everyone at once, open ${body.holdMinutes} minutes`;
  await transact([
    putSettingsItem(caller.orgId, body, at),
    auditItem({ orgId: caller.orgId, actorId: caller.userId, module: 'BOOKING_PACKAGES', action: 'update', recordType: 'waitlist-settings', recordId: 'waitlist', summary: `Waitlist offers: ${how}`, at }),
  ]);
  return { message: 'Waitlist settings saved', data: { mode: body.mode, holdMinutes: body.holdMinutes } };
});
