import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AUDIT_MODULES } from '#shared/organization/schemas';
import { saveToken } from '../../../lib/session';
import { mockApi, renderAt } from '../../../testing/render';
import { fetchedUrls } from '../../../testing/fetched-urls';
import { LogsPage } from './logs';

const entry = (id: string, actor: object | null, extra: object = {}) => ({
  id, at: '2025-01-02T10:00:00Z', module: 'Members', action: 'create', recordType: 'member', recordId: 'm1', summary: `Summary ${id}`, actorId: 'u1', actor, ...extra,
});

const firstPage = [entry('e1', { userId: 'u1', email: 'olive@example.com', firstName: 'Olive', lastName: 'Owner' }), entry('e2', null, { action: 'delete' })];

function setup(nextCursor?: string, items: object[] = firstPage) {
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
          : { items, nextCursor },
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

  it('names who acted when it was no member (the patient, Stripe, the public pages), and each module in words', async () => {
    setup(undefined, [
      entry('p1', null, { actorId: 'patient', module: 'BOOKING_PACKAGES' }),
      entry('s1', null, { actorId: 'stripe', module: 'FORMS' }),
      entry('v1', null, { actorId: 'public', module: 'Appointment' }),
      entry('g1', null, { actorId: 'u-gone', module: 'Customers' }),
    ]);
    const row = async (id: string) => (await screen.findByText(`Summary ${id}`)).closest('tr') as HTMLElement;
    const cells = async (id: string) => within(await row(id)).getAllByRole('cell').map((c) => c.textContent);
    expect((await cells('p1')).slice(1, 3)).toEqual(['Patient (manage link)', 'Bookings']);
    expect((await cells('s1')).slice(1, 3)).toEqual(['Stripe (payment event)', 'Forms']);
    expect((await cells('v1')).slice(1, 3)).toEqual(['Visitors (public pages)', 'Appointments']);
    expect((await cells('g1')).slice(1, 3)).toEqual(['Former member', 'Customers and patients']);
  });

  it('offers every module the server records under, each by its label', async () => {
    setup();
    await screen.findByText('Summary e1');
    const options = within(screen.getByLabelText('Module')).getAllByRole('option').slice(1) as HTMLOptionElement[];
    expect(options.map((o) => o.value)).toEqual([...AUDIT_MODULES]);
    for (const o of options) {
      // A label, not the raw value: no FORMS or BOOKING_PACKAGES in the list.
      expect(o.textContent).not.toMatch(/_|^[A-Z]{4,}$/);
    }
    expect(options.map((o) => o.textContent)).toEqual(expect.arrayContaining(['Forms', 'Bookings', 'Organisation', 'Members']));
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
