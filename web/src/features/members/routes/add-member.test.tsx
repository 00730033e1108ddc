import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveToken } from '../../../lib/session';
import { byLabel, entry, mockApi, renderAt, rolesState, WithRoles } from '../../../testing/render';
import { AddMemberPage } from './add-member';

function setup(roles = rolesState({ isOwner: true }), answer = { status: 201, body: { message: 'The member is added. We emailed x', data: {} } }) {
  saveToken('token');
  const calls = mockApi({
    'GET /api/users/profile': { status: 200, body: { message: 'OK', data: { id: 'me', email: 'me@example.com', isEmailVerified: true } } },
    'POST /api/organization/members/add': answer,
  });
  const view = renderAt(
    <WithRoles value={roles}>
      <AddMemberPage />
    </WithRoles>,
    '/member/add',
    [{ path: '/member', element: <h1>Members page</h1> }],
  );
  return { ...view, calls };
}

async function fill(user: ReturnType<typeof setup>['user']) {
  await user.type(byLabel('First name'), 'Nina');
  await user.type(byLabel('Last name'), 'Newman');
  await user.type(byLabel('Email'), 'nina@example.com');
}

// Typing into a form this size takes a few seconds under a busy jsdom run.
describe('AddMemberPage', { timeout: 20_000 }, () => {
  it('shows the spec messages and keeps the button off until the form is valid', async () => {
    const { user } = setup();
    await user.click(byLabel('First name'));
    await user.tab();
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    await user.type(byLabel('Email'), 'nope');
    await user.tab();
    expect(await screen.findByText('Wrong email format')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Member' })).toBeDisabled();
  });

  it('sends the names, the email and the permissions ticked, then opens the list', async () => {
    const { user, calls } = setup();
    await fill(user);
    await user.click(screen.getByRole('checkbox', { name: 'Members: Write' }));
    await user.click(screen.getByRole('checkbox', { name: 'Notifications: Read' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add Member' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Add Member' }));
    expect(await screen.findByText('Members page')).toBeInTheDocument();
    const body = calls.find((c) => c.path === '/api/organization/members/add')!.body as { email: string; permissions: { module: string }[] };
    expect(body).toMatchObject({ email: 'nina@example.com', firstName: 'Nina', lastName: 'Newman' });
    expect(body.permissions).toEqual(
      expect.arrayContaining([
        { module: 'Members', read: true, write: true, delete: false },
        { module: 'Notifications', read: true, write: false, delete: false },
        { module: 'FORMS', read: false, write: false, delete: false },
      ]),
    );
  });

  it('lets a member give only the flags they have', () => {
    setup(rolesState({ roles: [entry('Members', { read: true, write: true })] }));
    expect(screen.getByRole('checkbox', { name: 'Members: Write' })).toBeEnabled();
    expect(screen.getByRole('checkbox', { name: 'Members: Delete' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Bookings: Read' })).toBeDisabled();
  });

  it('shows the server refusal (someone in another organisation)', async () => {
    const { user } = setup(undefined, { status: 409, body: { message: 'This person already belongs to another organisation.', data: {} } });
    await fill(user);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add Member' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Add Member' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This person already belongs to another organisation.');
  });
});
