// "Patients may book a series" in the package form (issue 37): the payment choice, the maximum, and the
// combination the API refuses said on its field before anything is sent.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderAt } from '../../../testing/render';
import { PackageForm } from './package-form';

const saved = { responseCode: 200, success: true, data: { message: 'Saved', data: undefined }, message: 'Saved' };
const PER_VISIT_ONLINE = 'Patients booking a series of a package paid online pay the course up front: choose "The whole course up front", or a payment at the clinic or a card held.';

function renderForm(initial?: object) {
  mockApi({ 'GET /api/practitioners': { status: 200, body: { message: 'OK', data: { items: [] } } } });
  const save = vi.fn((_body: unknown) => Promise.resolve(saved));
  const view = renderAt(<PackageForm initial={initial as never} title="Package" submitText="Save package" save={save} />, '/bookings/packages/add', [
    { path: '/bookings/packages', element: <h1>Packages page</h1> },
  ]);
  return { ...view, save };
}

describe('PackageForm series settings', { timeout: 20_000 }, () => {
  it('starts a series of a package paid online at the course up front, refuses per visit on its field, then sends the course up front with its maximum', async () => {
    const { user, save } = renderForm();
    await user.type(screen.getByLabelText(/^Package name/), 'Physio');
    await user.type(screen.getByLabelText(/^Price/), '60');
    expect(screen.queryByLabelText('How a series is paid')).not.toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Patients may book a series' }));
    const payment = screen.getByLabelText('How a series is paid');
    // Turned on for a package paid online: the choice that works, not a default at once called wrong.
    expect(payment).toHaveValue('course');
    expect(payment).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(PER_VISIT_ONLINE)).not.toBeInTheDocument();
    // Paid in full online, per visit: the API's own message, on the choice to change, and nothing is sent.
    await user.selectOptions(payment, 'Per visit');
    expect(payment).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(PER_VISIT_ONLINE)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save package' }));
    await waitFor(() => expect(payment).toHaveFocus());
    expect(save).not.toHaveBeenCalled();

    await user.selectOptions(payment, 'The whole course up front');
    expect(screen.queryByText(PER_VISIT_ONLINE)).not.toBeInTheDocument();
    expect(payment).not.toHaveAttribute('aria-invalid');
    await user.type(screen.getByLabelText('Most visits in a series'), '60');
    await user.click(screen.getByRole('button', { name: 'Save package' }));
    expect(await screen.findByText('Patients may book 2 to 52 visits in a series')).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText('Most visits in a series'));
    await user.type(screen.getByLabelText('Most visits in a series'), '8');
    await user.click(screen.getByRole('button', { name: 'Save package' }));
    await waitFor(() => expect(save).toHaveBeenCalledOnce());
    expect(save.mock.calls[0][0]).toMatchObject({ paymentMode: 'full', allowSeries: true, seriesPayment: 'course', seriesMaxVisits: 8 });
  });

  it('lets a card-held package be booked per visit, and says so again when its payment becomes a deposit', async () => {
    const existing = {
      id: 'p1', packageName: 'Massage', packagePrice: 80, packagePriceCents: 8000, currency: 'usd', packageDescription: '', redirectionUrl: '', isActive: true,
      durationMinutes: null, bufferBeforeMinutes: 0, bufferAfterMinutes: 0, slotGridMinutes: null, minNoticeMinutes: null, maxDaysAhead: null, practitionerIds: [],
      paymentMode: 'card_on_file', allowSeries: true, seriesPayment: 'per_visit', seriesMaxVisits: 12, deletedAt: null, createdAt: '', updatedAt: '',
    };
    const { user, save } = renderForm(existing);
    expect(screen.getByRole('switch', { name: 'Patients may book a series' })).toBeChecked();
    expect(screen.getByLabelText('How a series is paid')).toHaveValue('per_visit');
    expect(screen.getByLabelText('Most visits in a series')).toHaveValue(12);
    expect(screen.getByText('Each visit keeps the held card for fees.')).toBeInTheDocument();
    expect(screen.queryByText(PER_VISIT_ONLINE)).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('How it is paid'), 'Deposit when booking, the rest at the visit');
    expect(screen.getByText(PER_VISIT_ONLINE)).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('How it is paid'), 'Paid at the clinic (nothing online)');
    expect(screen.queryByText(PER_VISIT_ONLINE)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save package' }));
    await waitFor(() => expect(save).toHaveBeenCalledOnce());
    expect(save.mock.calls[0][0]).toMatchObject({ paymentMode: 'at_clinic', allowSeries: true, seriesPayment: 'per_visit', seriesMaxVisits: 12 });
  });

  it('shows the API\'s answer on the maximum when it refuses it', async () => {
    mockApi({ 'GET /api/practitioners': { status: 200, body: { message: 'OK', data: { items: [] } } } });
    const save = vi.fn((_body: unknown) => Promise.resolve(({ responseCode: 400, success: false, message: 'Invalid', data: { errors: { seriesMaxVisits: 'Patients may book 2 to 52 visits in a series' } } })));
    const { user } = renderAt(<PackageForm title="Package" submitText="Save package" save={save as never} />, '/bookings/packages/add', []);
    await user.type(screen.getByLabelText(/^Package name/), 'Physio');
    await user.type(screen.getByLabelText(/^Price/), '60');
    await user.click(screen.getByRole('switch', { name: 'Patients may book a series' }));
    await user.selectOptions(screen.getByLabelText('How a series is paid'), 'course');
    await user.click(screen.getByRole('button', { name: 'Save package' }));
    expect(await screen.findByText('Patients may book 2 to 52 visits in a series')).toBeInTheDocument();
    expect(screen.getByLabelText('Most visits in a series')).toHaveAttribute('aria-invalid', 'true');
  });
});
