import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { PermissionEntry } from '#shared/permissions';
import { fullRoles, PermissionsMatrix, rolesSummary } from './permissions-matrix';

function Harness({ canChange, onChange }: { canChange?: Parameters<typeof PermissionsMatrix>[0]['canChange']; onChange?: (v: PermissionEntry[]) => void }) {
  const [value, setValue] = useState(fullRoles());
  return (
    <PermissionsMatrix
      value={value}
      canChange={canChange}
      onChange={(v) => {
        setValue(v);
        onChange?.(v);
      }}
    />
  );
}

describe('PermissionsMatrix', () => {
  it('shows every module with read, write and delete, all off for a new member', () => {
    render(<Harness />);
    for (const label of ['Appointments', 'Members', 'Notifications', 'Forms', 'Bookings']) {
      for (const action of ['Read', 'Write', 'Delete']) expect(screen.getByRole('checkbox', { name: `${label}: ${action}` })).not.toBeChecked();
    }
  });

  it('ticks a flag; write and delete bring read along', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Forms: Write' }));
    expect(screen.getByRole('checkbox', { name: 'Forms: Read' })).toBeChecked();
    expect(onChange).toHaveBeenLastCalledWith(expect.arrayContaining([{ module: 'FORMS', read: true, write: true, delete: false }]));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Forms: Read' }));
    expect(screen.getByRole('checkbox', { name: 'Forms: Read' })).not.toBeChecked();
  });

  it('leaves flags the member may not give disabled', () => {
    render(<Harness canChange={(module, action) => module === 'Members' && action !== 'delete'} />);
    expect(screen.getByRole('checkbox', { name: 'Members: Write' })).toBeEnabled();
    expect(screen.getByRole('checkbox', { name: 'Members: Delete' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Forms: Read' })).toBeDisabled();
  });

  it('summarises roles for the list', () => {
    expect(rolesSummary([{ module: 'Members', read: true, write: true, delete: false }, { module: 'FORMS', read: true }])).toBe('Members (read, write) · Forms (read)');
    expect(rolesSummary([])).toBe('No access');
  });
});
