import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveToken } from '../../lib/session';
import { entry, mockApi, renderAt, renderRoutes, rolesState, WithRoles } from '../../testing/render';
import { FormBuilderPage } from './routes/form-builder';
import { PackageEditPage } from './routes/package-edit';
import { LeadDetailPage } from './routes/lead-detail';
import { LeadsListPage } from './routes/leads-list';

const profile = { 'GET /api/users/profile': { status: 200, body: { message: 'OK', data: { id: 'me', email: 'me@example.com', isEmailVerified: true } } } };
const noPackages = { 'GET /api/packages': { status: 200, body: { message: 'OK', data: { items: [] } } } };

function render(element: React.ReactNode, path: string, roles = rolesState({ isOwner: true }), routes: { path: string; element: React.ReactNode }[] = []) {
  saveToken('token');
  return renderAt(<WithRoles value={roles}>{element}</WithRoles>, path, routes);
}

describe('form builder', { timeout: 30_000 }, () => {
  it('adds fields, reorders them, previews them and saves the whole form in list order', async () => {
    const calls = mockApi({
      ...profile,
      ...noPackages,
      'POST /api/form-builder/form': (body) => ({ status: 201, body: { message: 'Form saved.', data: { id: 'new1', ...(body as object), fields: [], packageIds: [], packageId: null, createdAt: '', updatedAt: '' } } }),
    });
    const { user } = render(<FormBuilderPage />, '/form-builder/create', undefined, [{ path: '/form-builder/:id', element: <h1>Edit page</h1> }]);

    // Saving without a name gives the schema's message.
    await user.click(screen.getByRole('button', { name: 'Save form' }));
    expect(await screen.findAllByText('Form name is required')).not.toHaveLength(0);

    await user.type(screen.getByLabelText(/^Form name/), 'Intake');
    await user.click(screen.getByRole('button', { name: 'Add field' }));
    await user.type(screen.getByLabelText('Label'), 'Full name');
    await user.click(screen.getByLabelText('Required'));
    await user.selectOptions(screen.getByLabelText('Type of the new field'), 'email');
    await user.click(screen.getByRole('button', { name: 'Add field' }));
    const second = screen.getByRole('group', { name: /^Field 2/ });
    await user.type(within(second).getByLabelText('Label'), 'Email');
    await user.click(within(second).getByRole('button', { name: 'Move Email up' }));

    // The preview shows the fields in the new order, with the required star.
    const preview = screen.getByRole('region', { name: 'Preview' });
    const labels = within(preview).getAllByText(/^(Email|Full name)$/).map((el) => el.closest('label')!.textContent);
    expect(labels).toEqual(['Email', 'Full name*']);
    expect(within(preview).getByRole('button', { name: 'Submit Form' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Save form' }));
    expect(await screen.findByText('Edit page')).toBeInTheDocument();
    const sent = calls.find((c) => c.method === 'POST' && c.path === '/api/form-builder/form')!.body as { name: string; fields: { label: string; type: string; required: boolean; id: string }[] };
    expect(sent.name).toBe('Intake');
    expect(sent.fields.map((f) => [f.label, f.type, f.required])).toEqual([['Email', 'email', false], ['Full name', 'text', true]]);
    expect(sent.fields.every((f) => /^f_/.test(f.id))).toBe(true);
  });

  it('is read-only without Forms write', async () => {
    const form = { id: 'f1', name: 'Intake', description: '', fields: [{ id: 'a', name: 'a', label: 'Full name', type: 'text', required: true }], packageIds: [], packageId: null, redirectUrl: '', successMessage: '', submitButtonText: '', secondButtonText: '', createdAt: '', updatedAt: '', packages: [] };
    mockApi({ ...profile, ...noPackages, 'GET /api/form-builder/form/f1': { status: 200, body: { message: 'OK', data: form } } });
    saveToken('token');
    renderRoutes([{ path: '/form-builder/:id', element: <WithRoles value={rolesState({ roles: [entry('FORMS', { read: true })] })}><FormBuilderPage /></WithRoles> }], '/form-builder/f1');
    await waitFor(() => expect(screen.getByLabelText(/^Form name/)).toHaveValue('Intake'));
    expect(screen.getByLabelText(/^Form name/)).toBeDisabled();
    expect(screen.getByRole('group', { name: 'Field 1: Full name' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save form' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add field' })).not.toBeInTheDocument();
  });
});

describe('package editor', { timeout: 30_000 }, () => {
  it('sends the price in dollars and shows the description as the server will keep it', async () => {
    const calls = mockApi({ ...profile, 'POST /api/packages': { status: 201, body: { message: 'Package saved.', data: { id: 'p1' } } } });
    const { user } = render(<PackageEditPage />, '/lead-generation/add', undefined, [{ path: '/lead-generation/list', element: <h1>Packages page</h1> }]);
    await user.type(screen.getByLabelText(/^Name/), 'Gold');
    await user.type(screen.getByLabelText(/^Price/), '12.3456');
    await user.tab();
    expect(await screen.findByText('Price must be a number of dollars with at most 2 decimals')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Price/));
    await user.type(screen.getByLabelText(/^Price/), '49.50');
    await user.type(screen.getByLabelText(/^Description/), '<b>Best</b><img src=x onerror=alert(1)>');
    expect(document.querySelector('.border.rounded.p-2')!.innerHTML).toBe('<b>Best</b>');
    await user.click(screen.getByRole('button', { name: 'Save package' }));
    expect(await screen.findByText('Packages page')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ name: 'Gold', price: 49.5, description: '<b>Best</b><img src=x onerror=alert(1)>', customAmountEnabled: false, isPayable: true, currency: 'usd' });
  });
});

// Issue 34: a form package priced before the clinic changed currency keeps its price as it is.
describe('package editor after a change of currency', () => {
  it('shows the yen price under ¥ in a dollar clinic and sends it back in yen, to be kept', async () => {
    const pkg = { id: 'p1', name: 'Gold', description: null, price: 5000, priceCents: 5000, priceMinor: 5000, currency: 'jpy', imageUrl: null, customAmountEnabled: false, isPayable: true };
    const calls = mockApi({
      ...profile,
      'GET /api/organization/profile': { status: 200, body: { message: 'OK', data: { id: 'o1', name: 'Clinic', currency: 'usd' } } },
      'GET /api/packages/p1': { status: 200, body: { message: 'OK', data: pkg } },
      'PUT /api/packages/p1': { status: 200, body: { message: 'Package saved.', data: pkg } },
    });
    saveToken('token');
    const element = <WithRoles value={rolesState({ isOwner: true })}><PackageEditPage /></WithRoles>;
    const { user } = renderRoutes([{ path: '/lead-generation/:id', element }, { path: '/lead-generation/list', element: <h1>Packages page</h1> }], '/lead-generation/p1');
    expect(await screen.findByRole('note')).toHaveTextContent('Priced in JPY before the clinic changed to USD: patients pay ¥5,000, and saving keeps it.');
    expect(screen.getByLabelText(/^Price \(JPY\)/)).toHaveValue('5,000');
    await user.click(screen.getByRole('button', { name: 'Save package' }));
    expect(await screen.findByText('Packages page')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ price: 5000, currency: 'jpy' });
  });
});

describe('leads list', () => {
  it('lists leads with their form and payment state', async () => {
    mockApi({
      ...profile,
      'GET /api/leads': { status: 200, body: { message: 'OK', data: { items: [{ id: 'l1', formId: 'f1', formName: 'Intake', name: 'Ada Lovelace', email: 'ada@example.com', packageId: null, packageName: 'Gold', paymentStatus: 'paid', createdAt: '2026-01-02T10:00:00.000Z' }] } } },
    });
    render(<LeadsListPage />, '/forms/leads');
    const row = (await screen.findByText('Ada Lovelace')).closest('tr')!;
    expect(within(row).getByText('Intake')).toBeInTheDocument();
    expect(within(row).getByText('Paid')).toBeInTheDocument();
    expect(within(row).getByText('Gold')).toBeInTheDocument();
  });
});

describe('lead detail', () => {
  it('shows a payment whose paid amount differs from the price as needing attention', async () => {
    const note = 'Paid $30.00, but the price is $40.00. The payment is recorded as paid: check it in Stripe, then refund or collect the difference.';
    const payment = {
      id: 'p1', formId: 'f1', formName: 'Intake', submissionId: 'l1', packageName: 'Assessment', amount: 40, amountCents: 4000, amountPaidCents: 3000,
      refundedCents: null, status: 'paid', payerEmail: 'ada@example.com', payerName: 'Ada', paidAt: '2026-01-02T10:05:00.000Z', needsAttention: note, createdAt: '2026-01-02T10:00:00.000Z',
    };
    mockApi({
      ...profile,
      'GET /api/leads/l1': {
        status: 200,
        body: { message: 'OK', data: { id: 'l1', formId: 'f1', formName: 'Intake', name: 'Ada Lovelace', email: 'ada@example.com', packageId: 'k1', packageName: 'Assessment', paymentStatus: 'paid', paymentId: 'p1', answers: [], createdAt: '2026-01-02T10:00:00.000Z', payments: [payment] } },
      },
    });
    saveToken('token');
    renderRoutes([{ path: '/forms/leads/:id', element: <WithRoles value={rolesState({ isOwner: true })}><LeadDetailPage /></WithRoles> }], '/forms/leads/l1');
    expect(await screen.findByText(`Payment for Assessment needs attention: ${note}`)).toHaveClass('alert-warning');
    const row = screen.getByText('$30.00').closest('tr')!;
    expect(within(row).getByText('Paid')).toBeInTheDocument();
    expect(within(row).getByText(note)).toBeInTheDocument();
  });
});
