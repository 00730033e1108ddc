import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../../lib/session';
import { mockApi, renderAt } from '../../../testing/render';
import { CurrencyMoveNotice } from './currency-move-notice';

const PROFILE = { status: 200, body: { message: 'OK', data: { id: 'u1', email: 'o@example.com', isEmailVerified: true } } };
const preview = {
  from: 'bgn', to: 'eur', rate: '1.95583', endedOn: '2026-01-01',
  prices: [{ kind: 'booking-package', id: 'p1', name: 'Massage', fromMinor: 5000, toMinor: 2556 }],
};

describe('CurrencyMoveNotice', { timeout: 20_000 }, () => {
  it('shows a lev clinic the move to the euro with each price converted, and moves it once confirmed', async () => {
    saveToken('token');
    const calls = mockApi({
      'GET /api/users/profile': PROFILE,
      'GET /api/organization/currency-move': { status: 200, body: { message: 'OK', data: preview } },
      'POST /api/organization/currency-move': { status: 200, body: { message: 'Your clinic now charges in EUR: 1 price converted at 1.95583 BGN = 1 EUR.', data: { currency: 'eur', converted: 1 } } },
    });
    const onMoved = vi.fn(() => Promise.resolve());
    renderAt(<CurrencyMoveNotice currency="bgn" isOwner onMoved={onMoved} />, '/organization');
    expect(await screen.findByRole('heading', { name: /BGN ended on January 1, 2026: its successor is EUR/ })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Review the move to EUR' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move from BGN to EUR?' });
    const row = within(dialog).getByRole('row', { name: /Massage/ });
    expect(row).toHaveTextContent('BGN 50.00');
    expect(row).toHaveTextContent('€25.56');
    await user.click(within(dialog).getByRole('button', { name: 'Convert and move to EUR' }));
    await waitFor(() => expect(onMoved).toHaveBeenCalled());
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/organization/currency-move').map((c) => c.body)).toEqual([{ from: 'bgn' }]);
  });

  it('says nothing for a currency that has not ended, and asks for no preview', async () => {
    saveToken('token');
    const calls = mockApi({ 'GET /api/users/profile': PROFILE });
    const { container } = renderAt(<CurrencyMoveNotice currency="eur" isOwner onMoved={() => Promise.resolve()} />, '/organization');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(container.textContent).toBe('');
    expect(calls.filter((c) => c.path === '/api/organization/currency-move')).toEqual([]);
  });
});
