import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify';
import { saveToken } from '../../../lib/session';
import { entry, mockApi, renderRoutes, rolesState, WithRoles } from '../../../testing/render';
import { EditMemberPage } from './edit-member';

const base = { id: 'm1', userId: 'm1', email: 'mona@example.com', firstName: 'Mona', lastName: 'Member', status: 'active', createdAt: '2025-01-01T00:00:00Z', updatedAt: '2025-01-01T00:00:00Z' };

const renderAt = (roles: ReturnType<typeof rolesState>) =>
  renderRoutes(
    [
      {
        path: '/member/:id',
        element: (
          <WithRoles value={roles}>
            <EditMemberPage />
          </WithRoles>
        ),
      },
      { path: '/member', element: <h1>Members page</h1> },
    ],
    '/member/m1',
  );

function setup(member: object, roles = rolesState({ isOwner: true })) {
  saveToken('token');
  const calls = mockApi({
    'GET /api/users/profile': { status: 200, body: { message: 'OK', data: { id: 'me', email: 'me@example.com', isEmailVerified: true } } },
    'GET /api/organization/members/m1': { status: 200, body: { message: 'OK', data: member } },
    'POST /api/organization/members/update': (body) => ({ status: 200, body: { message: 'The permissions are saved.', data: { ...member, roles: (body as { permissions: unknown }).permissions, updatedAt: '2025-02-01T00:00:00Z' } } }),
  });
  const view = renderAt(roles);
  return { ...view, calls };
}

describe('EditMemberPage', { timeout: 20_000 }, () => {
  it("saves a member's changed permissions", async () => {
    const { user, calls } = setup({ ...base, isOwner: false, roles: [entry('Members', { read: true })] });
    const success = vi.spyOn(notify, 'success');
    expect(await screen.findByRole('heading', { name: 'Mona Member' })).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save permissions' });
    expect(save).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Forms: Read' }));
    await user.click(save);
    await waitFor(() => expect(calls.find((c) => c.path === '/api/organization/members/update')).toBeDefined());
    const body = calls.find((c) => c.path === '/api/organization/members/update')!.body as { userId: string; permissions: object[] };
    expect(body.userId).toBe('m1');
    expect(body.permissions).toEqual(expect.arrayContaining([{ module: 'FORMS', read: true, write: false, delete: false }, { module: 'Members', read: true, write: false, delete: false }]));
    // The save ends (and updates the cache) after the answer: the test ends with it, not before.
    await waitFor(() => expect(success).toHaveBeenCalledWith('The permissions are saved.'));
  });

  it('shows the owner read-only', async () => {
    setup({ ...base, isOwner: true, roles: [] });
    expect(await screen.findByText('The owner has every permission; they cannot be changed.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save permissions' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove member' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Forms: Delete' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Forms: Delete' })).toBeDisabled();
  });

  it('says so when the member is not found', async () => {
    saveToken('token');
    mockApi({ 'GET /api/organization/members/m1': { status: 404, body: { message: 'This member was not found.' } } });
    renderAt(rolesState({ isOwner: true }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This member was not found.');
  });
});
