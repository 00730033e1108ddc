// The services page prices in the clinic's currency: the list shows each service's own currency, the
// form types a new price in the clinic's (yen without decimals) and sends its minor units.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { notify } from '../../lib/notify';
import { saveToken } from '../../lib/session';
import { mockApi, renderAt, rolesState, WithRoles } from '../../testing/render';
import { ServicesPage } from './routes/services';

const ok = (data: unknown) => ({ status: 200, body: { message: 'OK', data } });
const service = (extra: object) => ({
  id: 's1', name: 'Shiatsu', categoryId: 'c1', durationMinutes: 60, active: true, version: 1, createdAt: '2030-01-01T00:00:00Z', updatedAt: '2030-01-01T00:00:00Z', ...extra,
});

function open(services: object[], answers: Parameters<typeof mockApi>[0] = {}) {
  saveToken('token');
  const success = vi.spyOn(notify, 'success');
  const calls = mockApi({
    'GET /api/users/profile': ok({ id: 'me', email: 'me@example.com' }),
    'GET /api/organization/profile': ok({ name: 'Kyoto Clinic', currency: 'jpy' }),
    'GET /api/service-categories': ok({ items: [{ id: 'c1', name: 'Massage', serviceCount: services.length, version: 1, createdAt: '', updatedAt: '' }] }),
    'GET /api/services': ok({ items: services }),
    'POST /api/services': (body) => ({ status: 201, body: { message: 'The service is created.', data: service(body as object) } }),
    'PUT /api/services/s1': (body) => ({ status: 200, body: { message: 'The service is saved.', data: service(body as object) } }),
    ...answers,
  });
  const view = renderAt(
    <WithRoles value={rolesState({ isOwner: true })}>
      <ServicesPage />
    </WithRoles>,
    '/services',
  );
  return { ...view, calls, success };
}

describe('ServicesPage prices', { timeout: 20_000 }, () => {
  it("lists each price in its own currency and adds a service priced in the clinic's (minor units)", async () => {
    const { user, calls, success } = open([
      service({ price: 5000, priceMinor: 5000, priceCents: 5000, currency: 'jpy' }),
      // Priced before the clinic changed its currency: it keeps its dollars until priced again.
      service({ id: 's2', name: 'Old massage', price: 49.5, priceMinor: 4950, priceCents: 4950, currency: 'usd' }),
    ]);
    const table = await screen.findByRole('table');
    expect(within(table).getByText('¥5,000')).toBeInTheDocument();
    expect(within(table).getByText('$49.50')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add service' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Name'), 'Reiki');
    expect(within(dialog).getByLabelText('Price (JPY)')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Price (JPY)'), '5000.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Amounts in JPY have no decimals');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Price (JPY)'));
    await user.type(within(dialog).getByLabelText('Price (JPY)'), '8000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('The service is created.'));
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/services')!.body).toMatchObject({ name: 'Reiki', priceMinor: 8000, currency: 'jpy' });
  });

  it('keeps the minor amount of a service edited without a new price, in its own currency', async () => {
    const { user, calls, success } = open([service({ name: 'Old massage', price: 49.5, priceMinor: 4950, priceCents: 4950, currency: 'usd' })]);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Price (USD)')).toHaveValue('49.50');
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Massage');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('The service is saved.'));
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ name: 'Massage', priceMinor: 4950, currency: 'usd' });
  });

  // Issue 34: a price set before a change of currency shows under its own symbol; a new one is asked for.
  it('prices a dollar service of a clinic now in yen again only when asked, as "5,000" yen', async () => {
    const { user, calls, success } = open([service({ name: 'Old massage', price: 49.5, priceMinor: 4950, priceCents: 4950, currency: 'usd' })]);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('note')).toHaveTextContent('Priced in USD before the clinic changed to JPY: patients pay $49.50, and saving keeps it.');
    await user.click(within(dialog).getByRole('button', { name: 'Set a price in JPY' }));
    const price = within(dialog).getByLabelText('Price (JPY)');
    expect(price).toHaveValue('');
    await user.type(price, '5,000');
    expect(within(dialog).getByText('Reads as ¥5,000')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('The service is saved.'));
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ priceMinor: 5000, currency: 'jpy' });
  });

  it('deletes a service as it was shown: the version goes along, and a change made meanwhile is refused and said', async () => {
    const asked: (string | null)[] = [];
    const { user } = open([service({ version: 3, price: 5000, priceMinor: 5000, priceCents: 5000, currency: 'jpy' })], {
      'DELETE /api/services/s1': (_body, url) => {
        asked.push(url.searchParams.get('version'));
        return { status: 409, body: { message: 'This service was changed by someone else. Reload and try again.' } };
      },
    });
    const error = vi.spyOn(notify, 'error');
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('This service was changed by someone else. Reload and try again.'));
    expect(asked).toEqual(['3']);
  });
});
