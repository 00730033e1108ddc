// The status menu and the assign menu of one appointment (Appointment write). Each change is sent
// with the version shown, so a change someone else made first is refused (409) rather than
// overwritten; the message says so and the data is reloaded.
import { useState } from 'react';
import Dropdown from '../../../components/dropdown';
import { STATUS_LABELS, type AppointmentStatus } from '#shared/appointments/form';
import { Busy } from '../../../components/loading';
import type { ApiResult } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { assign, changeStatus, reassign, unassign, type Appointment, type Assignee } from '../api/appointments';
import { nextStatuses } from '../lib';

interface Props {
  appointment: Appointment;
  assignees: Assignee[];
  /** After a change (or a refused one): reload what is shown. */
  onChanged: () => void;
  size?: 'sm';
}

async function run(call: () => Promise<ApiResult<unknown>>, onChanged: () => void) {
  try {
    const result = await call();
    if (result.success) notify.success(result.message);
    else notify.error(result.message || 'The change could not be saved.');
    onChanged();
  } catch {
    notify.error('The change could not be saved. Please check your connection.');
  }
}

export function StatusMenu({ appointment: a, onChanged, size }: Omit<Props, 'assignees'>) {
  const [busy, setBusy] = useState(false);
  const options = nextStatuses(a.status);
  const pick = async (status: AppointmentStatus) => {
    setBusy(true);
    await run(() => changeStatus(a.id, status, a.version), onChanged);
    setBusy(false);
  };
  return (
    <Dropdown>
      <Dropdown.Toggle variant="light" size={size} disabled={busy || options.length === 0} aria-label={`Change status of ${a.fullName}`}>
        {busy ? <Busy>Saving...</Busy> : 'Status'}
      </Dropdown.Toggle>
      <Dropdown.Menu>
        {options.map((s) => (
          <Dropdown.Item as="button" key={s} onClick={() => void pick(s)}>
            Mark as {STATUS_LABELS[s].toLowerCase()}
          </Dropdown.Item>
        ))}
      </Dropdown.Menu>
    </Dropdown>
  );
}

export function AssignMenu({ appointment: a, assignees, onChanged, size }: Props) {
  const [busy, setBusy] = useState(false);
  const act = async (call: () => Promise<ApiResult<unknown>>) => {
    setBusy(true);
    await run(call, onChanged);
    setBusy(false);
  };
  return (
    <Dropdown>
      <Dropdown.Toggle variant="light" size={size} disabled={busy} aria-label={`Assign ${a.fullName}`}>
        {busy ? <Busy>Saving...</Busy> : a.assignee ? 'Reassign' : 'Assign'}
      </Dropdown.Toggle>
      <Dropdown.Menu style={{ maxHeight: 320, overflowY: 'auto' }}>
        {assignees.length === 0 && <Dropdown.ItemText className="text-body-secondary small">No member can see appointments yet.</Dropdown.ItemText>}
        {assignees
          .filter((m) => m.userId !== a.assignee?.userId)
          .map((m) => (
            <Dropdown.Item as="button" key={m.userId} onClick={() => void act(() => (a.assignee ? reassign(a.id, m.userId, a.version) : assign(a.id, m.userId, a.version)))}>
              {m.name}
              <span className="text-body-secondary small ms-2">{m.email}</span>
            </Dropdown.Item>
          ))}
        {a.assignee && (
          <>
            <Dropdown.Divider />
            <Dropdown.Item as="button" className="text-danger" onClick={() => void act(() => unassign(a.id, a.version))}>
              Unassign {a.assignee.name}
            </Dropdown.Item>
          </>
        )}
      </Dropdown.Menu>
    </Dropdown>
  );
}
