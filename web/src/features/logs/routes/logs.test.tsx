import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveToken } from '../../../lib/session';
import { mockApi, renderAt } from '../../../testing/render';
import { fetchedUrls } from '../../../testing/fetched-urls';
import { LogsPage } from './logs';

const entry = (id: string, actor: object | null, extra: object = {}) => ({
  id, at: '2025-01-02T10:00:00Z', module: 'Members', action: 'create', recordType: 'member', recordId: 'm1', summary: `Summary ${id}`, actorId: 'u1', actor, ...extra,
});

function setup(nextCursor?: string) {
  saveToken('token');
  mockApi({
    'GET /api/users/profile': { status: 200, body: { message: 'OK', data: { id: 'u1', email: 'o@example.com', isEmailVerified: true } } },
    // The page after the cursor holds the next entry, not the first page again.
    'GET /api/logs': (_body, url) => ({
      status: 200,
      body: {
        message: 'OK',
        data: url.searchParams.has('cursor')
          ? { items: [entry('e3', null)] }
          : { items: [entry('e1', { userId: 'u1', email: 'olive@example.com', firstName: 'Olive', lastName: 'Owner' }), entry('e2', null, { action: 'delete' })], nextCursor },
      },
    }),
    'GET /api/organization/members': { status: 200, body: { message: 'OK', data: { items: [{ userId: 'u1', email: 'olive@example.com', firstName: 'Olive', lastName: 'Owner' }, { userId: 'u2', email: 'mona@example.com' }] } } },
  });
  return renderAt(<LogsPage />, '/logs');
}
const urls = fetchedUrls;

describe('LogsPage', { timeout: 20_000 }, () => {
  it('shows who did what, and a former member as such', async () => {
    setup();
    expect(await screen.findByText('Summary e1')).toBeInTheDocument();
    expect(screen.getAllByText('Olive Owner').length).toBeGreaterThanOrEqual(1);
    expect(screen.getByText('Former member')).toBeInTheDocument();
  });

  it('filters by module, member and dates, and pages with the cursor', async () => {
    const { user } = setup('CUR');
    await screen.findByText('Summary e1');
    await user.selectOptions(screen.getByLabelText('Module'), 'Organization');
    await waitFor(() => expect(urls().some((u) => u.includes('/api/logs?') && u.includes('module=Organization'))).toBe(true));
    await waitFor(() => expect(screen.getByRole('option', { name: 'mona@example.com' })).toBeInTheDocument());
    await user.selectOptions(screen.getByLabelText('Member'), 'u2');
    await waitFor(() => expect(urls().some((u) => u.includes('module=Organization') && u.includes('userId=u2'))).toBe(true));
    await user.type(screen.getByLabelText('From'), '2025-01-01');
    await waitFor(() => expect(urls().some((u) => u.includes('from=2025-01-01'))).toBe(true));
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(urls().some((u) => u.includes('cursor=CUR'))).toBe(true));
    expect(await screen.findByText('Summary e3')).toBeInTheDocument();
  });
});
