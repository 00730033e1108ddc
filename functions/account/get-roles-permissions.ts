// The signed-in member's module permissions and whether they own the organisation.
import { getRolesPermissionsReply } from '#shared/account/schemas';
import { allPermissions } from '#shared/permissions';
import { endpoint } from '#http/http';

export const handler = endpoint({ reply: getRolesPermissionsReply }, ({ caller }) =>
  Promise.resolve({ data: { roles: caller.isOwner ? allPermissions() : caller.roles, isOwner: caller.isOwner } }),
);
