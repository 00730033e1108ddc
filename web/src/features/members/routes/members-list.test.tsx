import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveToken } from '../../../lib/session';
import { entry, mockApi, renderAt, rolesState, WithRoles } from '../../../testing/render';
import { fetchedUrls } from '../../../testing/fetched-urls';
import { MembersListPage } from './members-list';

const me = { id: 'u-me', email: 'me@example.com', isEmailVerified: true };
const member = (id: string, extra: object = {}) => ({
  id, userId: id, email: `${id}@example.com`, firstName: id.toUpperCase(), lastName: 'Person', isOwner: false, status: 'active',
  roles: [entry('Members', { read: true })], createdAt: '2025-01-01T00:00:00Z', updatedAt: '2025-01-01T00:00:00Z', ...extra,
});
const OWNER = member('boss', { isOwner: true });
const INVITED = member('newbie', { status: 'invited', roles: [] });
const SELF = member('u-me');

function setup(roles = rolesState({ isOwner: true }), items = [OWNER, INVITED, SELF], nextCursor?: string) {
  saveToken('token');
  const calls = mockApi({
    'GET /api/users/profile': { status: 200, body: { message: 'OK', data: me } },
    'GET /api/organization/members': { status: 200, body: { message: 'OK', data: { items, nextCursor } } },
    'DELETE /api/organization/members/newbie': { status: 200, body: { message: 'The member is removed.' } },
    'POST /api/organization/members/resend-invite': { status: 200, body: { message: 'We emailed newbie@example.com a new invitation link.' } },
  });
  const view = renderAt(
    <WithRoles value={roles}>
      <MembersListPage />
    </WithRoles>,
    '/member',
  );
  return { ...view, calls };
}

const urls = fetchedUrls;

describe('MembersListPage', { timeout: 20_000 }, () => {
  it('lists members with their status, and offers actions only where the API allows them', async () => {
    setup();
    // The table (its header row) is there before the members: wait for them.
    await screen.findByText('BOSS Person');
    expect(screen.getAllByRole('row')).toHaveLength(4);
    const ownerRow = within(screen.getByText('BOSS Person').closest('tr')!);
    expect(ownerRow.getByText('Owner')).toBeInTheDocument();
    expect(ownerRow.queryByRole('button', { name: /Remove/ })).toBeNull();
    const selfRow = within(screen.getByText(/U-ME Person/).closest('tr')!);
    // Which row is the member's own is known once their profile has arrived (its own call).
    expect(await selfRow.findByText('(you)')).toBeInTheDocument();
    expect(selfRow.queryByRole('link', { name: /Edit/ })).toBeNull();
    const invitedRow = within(screen.getByText('NEWBIE Person').closest('tr')!);
    expect(invitedRow.getByText('Invited')).toBeInTheDocument();
    expect(invitedRow.getByRole('button', { name: 'Resend invitation' })).toBeInTheDocument();
    expect(invitedRow.getByRole('link', { name: 'Edit permissions of NEWBIE Person' })).toHaveAttribute('href', '/member/newbie');
    expect(screen.getByRole('link', { name: /Add Member/ })).toHaveAttribute('href', '/member/add');
  });

  it('hides adding, editing and removing from a member who may only read', async () => {
    setup(rolesState({ roles: [entry('Members', { read: true })] }));
    await screen.findByText('NEWBIE Person');
    expect(screen.queryByRole('link', { name: /Add Member/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Resend invitation' })).toBeNull();
  });

  it('searches by name or email', async () => {
    const { user } = setup();
    await screen.findByText('NEWBIE Person');
    await user.type(screen.getByRole('searchbox', { name: 'Search members' }), 'new');
    await waitFor(() => expect(urls().some((u) => u.includes('/api/organization/members?') && u.includes('search=new'))).toBe(true));
  });

  it('loads the next page with the cursor', async () => {
    const { user } = setup(rolesState({ isOwner: true }), [OWNER], 'CURSOR1');
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(urls().some((u) => u.includes('cursor=CURSOR1'))).toBe(true));
  });

  it('removes a member after confirmation', async () => {
    const { user, calls } = setup();
    await user.click(await screen.findByRole('button', { name: 'Remove NEWBIE Person' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/invitation link will stop working/)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, remove' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/organization/members/newbie')).toBe(true));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('resends an invitation', async () => {
    const { user, calls } = setup();
    await user.click(await screen.findByRole('button', { name: 'Resend invitation' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/api/organization/members/resend-invite')?.body).toEqual({ userId: 'newbie' }));
  });
});
