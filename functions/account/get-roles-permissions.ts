// The signed-in member's module permissions and whether they own the organisation.
import { allPermissions } from '#shared/permissions';
import { endpoint } from '#http/http';

export const handler = endpoint({}, async ({ caller }) => ({
  data: { roles: caller.isOwner ? allPermissions() : caller.roles, isOwner: caller.isOwner },
}));
