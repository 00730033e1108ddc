// The module x action grid of checkboxes (spec section 3 "Permission entry"). A member who is not the
// owner may only give flags they hold themselves: the others are shown but cannot be ticked.
import { ACTIONS, MODULES, type Action, type Module, type PermissionEntry } from '#shared/permissions';

export const MODULE_LABELS: Record<Module, string> = {
  Appointment: 'Appointments',
  Members: 'Members',
  Notifications: 'Notifications',
  FORMS: 'Forms',
  BOOKING_PACKAGES: 'Bookings',
};

const ACTION_LABELS: Record<Action, string> = { read: 'Read', write: 'Write', delete: 'Delete' };

/** Every module, in order, with missing entries off. */
export type PermissionInput = Pick<PermissionEntry, 'module'> & Partial<Omit<PermissionEntry, 'module'>>;

export function fullRoles(entries: readonly PermissionInput[] = []): PermissionEntry[] {
  return MODULES.map((module) => {
    const e = entries.find((r) => r.module === module);
    return { module, read: e?.read === true, write: e?.write === true, delete: e?.delete === true };
  });
}

interface Props {
  value: readonly PermissionInput[];
  onChange: (next: PermissionEntry[]) => void;
  /** Whether the current member may change this flag (default: all). */
  canChange?: (module: Module, action: Action) => boolean;
  disabled?: boolean;
}

export function PermissionsMatrix({ value, onChange, canChange = () => true, disabled }: Props) {
  const roles = fullRoles(value);
  const set = (module: Module, action: Action, on: boolean) =>
    onChange(
      roles.map((r) => {
        if (r.module !== module) return r;
        const next = { ...r, [action]: on };
        // Writing or deleting what one cannot see makes no sense: those flags bring read along.
        if (on && action !== 'read' && canChange(module, 'read')) next.read = true;
        return next;
      }),
    );
  return (
    <div className="table-responsive">
      <table className="table align-middle mb-0 permissions-matrix">
        <caption className="visually-hidden">Permissions by module</caption>
        <thead>
          <tr>
            <th scope="col">Module</th>
            {ACTIONS.map((a) => (
              <th key={a} scope="col" className="text-center">
                {ACTION_LABELS[a]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {roles.map((r) => (
            <tr key={r.module}>
              <th scope="row" className="fw-semibold">
                {MODULE_LABELS[r.module]}
              </th>
              {ACTIONS.map((a) => {
                const allowed = canChange(r.module, a);
                return (
                  <td key={a} className="text-center">
                    <input
                      type="checkbox"
                      className="form-check-input"
                      checked={r[a]}
                      disabled={disabled || !allowed}
                      onChange={(e) => set(r.module, a, e.target.checked)}
                      aria-label={`${MODULE_LABELS[r.module]}: ${ACTION_LABELS[a]}`}
                      title={allowed ? undefined : 'You can only give permissions you have yourself.'}
                    />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** 'Members (read, write) · Forms (read)' or 'No access'. */
export function rolesSummary(entries: readonly PermissionInput[]): string {
  const parts = fullRoles(entries)
    .map((r) => ({ label: MODULE_LABELS[r.module], actions: ACTIONS.filter((a) => r[a]) }))
    .filter((p) => p.actions.length)
    .map((p) => `${p.label} (${p.actions.join(', ')})`);
  return parts.length ? parts.join(' · ') : 'No access';
}
