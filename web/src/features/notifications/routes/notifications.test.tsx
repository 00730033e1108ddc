import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveToken } from '../../../lib/session';
import { mockApi, renderAt } from '../../../testing/render';
import { fetchedUrls } from '../../../testing/fetched-urls';
import { NotificationsPage } from './notifications';

const n = (id: string, read: boolean, title = `Title ${id}`) => ({ id, title, message: `Message ${id}`, read, createdAt: '2025-01-02T10:00:00Z', link: '/member/x' });

/** `list` is the first page; `next` answers the page after its last item (?before=). */
function setup(list = [n('a', false), n('b', true)], next: ReturnType<typeof n>[] = []) {
  saveToken('token');
  const calls = mockApi({
    'GET /api/users/profile': { status: 200, body: { message: 'OK', data: { id: 'u1', email: 'o@example.com', isEmailVerified: true } } },
    'GET /api/notifications': (_body, url) => ({ status: 200, body: { message: 'OK', data: url.searchParams.has('before') ? next : list } }),
    'GET /api/notifications/mark-as-read/a': { status: 200, body: { message: 'Marked as read.', data: { id: 'a', read: true, unread: 0 } } },
    'DELETE /api/notifications/b': { status: 200, body: { message: 'The notification is deleted.', data: { id: 'b', unread: 1 } } },
  });
  return { ...renderAt(<NotificationsPage />, '/notification'), calls };
}
const urls = fetchedUrls;

describe('NotificationsPage', { timeout: 20_000 }, () => {
  it('lists the notifications, unread ones marked', async () => {
    setup();
    expect(await screen.findByText('Title a')).toHaveTextContent('(unread)');
    expect(screen.getByText('Message a')).toBeInTheDocument();
    expect(screen.getByText('Title b')).not.toHaveTextContent('(unread)');
    expect(screen.getByRole('button', { name: 'Mark as read: Title a' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark as read: Title b' })).toBeNull();
  });

  it('marks one as read and deletes one, then reloads the list', async () => {
    const { user, calls } = setup();
    await user.click(await screen.findByRole('button', { name: 'Mark as read: Title a' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/notifications/mark-as-read/a')).toBe(true));
    // The buttons stay disabled until that change and its reload are done: a click before would be lost.
    const remove = screen.getByRole('button', { name: 'Delete "Title b"' });
    await waitFor(() => expect(remove).toBeEnabled());
    expect(calls.filter((c) => c.path === '/api/notifications')).toHaveLength(2);
    await user.click(remove);
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/notifications/b')).toBe(true));
    // The list is reloaded once the server has answered the delete.
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/notifications')).toHaveLength(3));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete "Title b"' })).toBeEnabled());
  });

  it('filters to unread ones, and pages on from the last one shown', async () => {
    const full = Array.from({ length: 20 }, (_, i) => n(`id${i}`, false));
    const { user } = setup(full, [n('id20', false)]);
    await screen.findByText('Title id0');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(urls().some((u) => u.includes('before=id19'))).toBe(true));
    expect(await screen.findByText('Title id20')).toBeInTheDocument();
    expect(screen.getByText('Title id0')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Unread' }));
    await waitFor(() => expect(urls().some((u) => u.includes('unread=true'))).toBe(true));
  });

  it('says when there is nothing', async () => {
    setup([]);
    expect(await screen.findByText('No notifications yet.')).toBeInTheDocument();
  });
});
