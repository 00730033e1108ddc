// The booking package form offers https:// for a web address typed without it (issue 18, item 5).
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderAt } from '../../../testing/render';
import { PackageForm } from './package-form';

describe('PackageForm redirection URL', () => {
  it('offers the https:// address for a bare domain, and saves a path of this site as is', async () => {
    const save = vi.fn((_body: unknown) => Promise.resolve(({ responseCode: 201, success: true, data: { message: 'Saved', data: undefined }, message: 'Saved' })));
    const { user } = renderAt(<PackageForm title="New package" submitText="Save package" save={save} />, '/bookings/packages/add', [
      { path: '/bookings/packages', element: <h1>Packages page</h1> },
    ]);
    await user.type(screen.getByLabelText(/^Package name/), 'Visit');
    await user.type(screen.getByLabelText(/^Price/), '30');
    const url = screen.getByLabelText('Redirection URL');
    await user.type(url, 'clinic.example.com/thanks');
    await user.click(screen.getByRole('button', { name: 'Add https://' }));
    expect(url).toHaveValue('https://clinic.example.com/thanks');
    expect(screen.queryByRole('button', { name: 'Add https://' })).not.toBeInTheDocument();

    await user.clear(url);
    await user.type(url, '/thanks');
    await user.click(screen.getByRole('button', { name: 'Save package' }));
    await waitFor(() => expect(save).toHaveBeenCalledOnce());
    expect(save.mock.calls[0][0]).toMatchObject({ redirectionUrl: '/thanks' });
  });
});

// How a package takes time and who offers it (issue 25, docs/practitioners.md).
const practitioner = (id: string, name: string, extra: object = {}) => ({
  id, name, title: 'Physiotherapist', memberId: null, color: '#3366cc', weeklyHours: {}, exceptions: [], isActive: true, packageIds: [], createdAt: '', updatedAt: '', ...extra,
});
const saved = { responseCode: 200, success: true, data: { message: 'Saved', data: undefined }, message: 'Saved' };
const existing = {
  id: 'p1', packageName: 'Massage', packagePrice: 80, packagePriceCents: 8000, packageDescription: '', redirectionUrl: '', isActive: true,
  durationMinutes: 45, bufferBeforeMinutes: 5, bufferAfterMinutes: 10, slotGridMinutes: 15, minNoticeMinutes: 120, maxDaysAhead: 60,
  practitionerIds: ['pr_a'], deletedAt: null, createdAt: '', updatedAt: '',
};

function renderForm(initial?: typeof existing, practitioners: { status: number; body: unknown } = { status: 200, body: { message: 'OK', data: { items: [practitioner('pr_a', 'Dr Ana'), practitioner('pr_b', 'Dr Ben', { isActive: false })] } } }) {
  mockApi({ 'GET /api/practitioners': practitioners });
  const save = vi.fn((_body: unknown) => Promise.resolve(saved));
  const view = renderAt(<PackageForm initial={initial as never} title="Package" submitText="Save package" save={save} />, '/bookings/packages/add', [
    { path: '/bookings/packages', element: <h1>Packages page</h1> },
  ]);
  return { ...view, save };
}

describe('PackageForm timing and practitioners', { timeout: 20_000 }, () => {
  it('sends the timing fields (blank: the defaults) and the practitioners ticked', async () => {
    const { user, save } = renderForm();
    await user.type(screen.getByLabelText(/^Package name/), 'Massage');
    await user.type(screen.getByLabelText(/^Price/), '80');
    await user.type(screen.getByLabelText('Duration'), '45');
    await user.type(screen.getByLabelText('Buffer after'), '10');
    await user.type(screen.getByLabelText('Minimum notice'), '120');
    await user.type(screen.getByLabelText('Booking horizon'), '60');
    expect(screen.getByText(/None ticked: the package follows the clinic-wide schedule/)).toHaveTextContent('(Availability)');
    // Until someone offers it, the timing is said not to apply (the clinic-wide schedule books its slots).
    expect(screen.getByRole('note')).toHaveTextContent("each booking takes one of the clinic's slots");
    await user.click(await screen.findByRole('checkbox', { name: /Dr Ben/ }));
    expect(screen.queryByText(/each booking takes one of the clinic's slots/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save package' }));
    await waitFor(() => expect(save).toHaveBeenCalledOnce());
    expect(save.mock.calls[0][0]).toEqual({
      packageName: 'Massage', packagePrice: 80, packageDescription: '', redirectionUrl: '', isActive: true,
      durationMinutes: 45, bufferBeforeMinutes: 0, bufferAfterMinutes: 10, slotGridMinutes: null, minNoticeMinutes: 120, maxDaysAhead: 60, practitionerIds: ['pr_b'],
      // How it is paid (issue 36): a package left as it was is paid in full, as before.
      paymentMode: 'full', depositPercent: null, depositAmount: null, noShowFee: null, lateCancelFee: null, cancellationWindowHours: null,
      // No intake form chosen (issue 36): none; the timing without a form is dropped by the server.
      intakeFormId: null, intakeTiming: 'before_booking',
      // Patients may not book a series unless the clinic says so (issue 37).
      allowSeries: false, seriesPayment: 'per_visit', seriesMaxVisits: null,
    });
  });

  it('shows a package\'s timing and practitioners, and clears them back to the defaults', async () => {
    const { user, save } = renderForm(existing);
    expect(screen.getByLabelText('Duration')).toHaveValue(45);
    expect(screen.getByLabelText('Start-time grid')).toHaveValue(15);
    expect(await screen.findByRole('checkbox', { name: /Dr Ana/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Dr Ben/ })).not.toBeChecked();
    for (const label of ['Duration', 'Buffer before', 'Buffer after', 'Start-time grid', 'Minimum notice', 'Booking horizon']) await user.clear(screen.getByLabelText(label));
    await user.click(screen.getByRole('checkbox', { name: /Dr Ana/ }));
    await user.click(screen.getByRole('button', { name: 'Save package' }));
    await waitFor(() => expect(save).toHaveBeenCalledOnce());
    expect(save.mock.calls[0][0]).toMatchObject({
      durationMinutes: null, bufferBeforeMinutes: 0, bufferAfterMinutes: 0, slotGridMinutes: null, minNoticeMinutes: null, maxDaysAhead: null, practitionerIds: [],
    });
  });

  it('refuses times the schema refuses, with its messages, before sending', async () => {
    const { user, save } = renderForm(existing);
    await user.clear(screen.getByLabelText('Duration'));
    await user.type(screen.getByLabelText('Duration'), '42');
    await user.click(screen.getByRole('button', { name: 'Save package' }));
    expect(await screen.findByText('Duration must be a multiple of 5 minutes')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Duration'));
    await user.type(screen.getByLabelText('Duration'), '480');
    await user.click(screen.getByRole('button', { name: 'Save package' }));
    expect(await screen.findByText('Duration and buffers together are at most 480 minutes')).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
  });

  it('leaves who offers it alone when the practitioners could not be loaded', async () => {
    const { user, save } = renderForm(existing, { status: 500, body: { message: 'Server error' } });
    expect(await screen.findByText('The practitioners could not be loaded: who offers it stays as it is.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save package' }));
    await waitFor(() => expect(save).toHaveBeenCalledOnce());
    expect(save.mock.calls[0][0]).not.toHaveProperty('practitionerIds');
  });
});

// Prices in the clinic's currency (issue 26): the symbol, the keyboard and step, and Stripe's rules.
describe('PackageForm price in the clinic currency', () => {
  const profile = (currency: string) => ({ 'GET /api/organization/profile': { status: 200, body: { message: 'OK', data: { id: 'o1', name: 'Clinic', currency } } } });

  it('takes a yen price as whole yen, with ¥ and step 1, and refuses decimals before sending', async () => {
    mockApi(profile('jpy'));
    const save = vi.fn((_body: unknown) => Promise.resolve(saved));
    const { user } = renderAt(<PackageForm title="New package" submitText="Save package" save={save} />, '/bookings/packages/add', [{ path: '/bookings/packages', element: <h1>Packages page</h1> }]);
    const price = await screen.findByLabelText(/^Price \(JPY\)/);
    // A text box (a number input dropped a comma), with the digits keyboard for whole yen.
    expect(price).toHaveAttribute('type', 'text');
    expect(price).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByText('¥')).toBeInTheDocument();
    expect(screen.getByText('In JPY, e.g. 5000. At least ¥50.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Package name/), 'Visit');
    await user.type(price, '5000.5');
    await user.click(screen.getByRole('button', { name: 'Save package' }));
    expect(await screen.findByText('Amounts in JPY have no decimals')).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
    await user.clear(price);
    await user.type(price, '5000');
    await user.click(screen.getByRole('button', { name: 'Save package' }));
    await waitFor(() => expect(save).toHaveBeenCalledOnce());
    expect(save.mock.calls[0][0]).toMatchObject({ packagePrice: 5000 });
  });

  it('says a KWD price must end in 0, with the decimals keyboard', async () => {
    mockApi(profile('kwd'));
    const save = vi.fn((_body: unknown) => Promise.resolve(saved));
    const { user } = renderAt(<PackageForm title="New package" submitText="Save package" save={save} />, '/bookings/packages/add', []);
    const price = await screen.findByLabelText(/^Price \(KWD\)/);
    expect(price).toHaveAttribute('inputmode', 'decimal');
    await user.type(screen.getByLabelText(/^Package name/), 'Visit');
    await user.type(price, '5.125');
    await user.click(screen.getByRole('button', { name: 'Save package' }));
    expect(await screen.findByText('Amounts in KWD must end in 0')).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
  });

  it('keeps the spec for a USD clinic: $, cents, at least $0.50', async () => {
    mockApi(profile('usd'));
    const save = vi.fn((_body: unknown) => Promise.resolve(saved));
    const { user } = renderAt(<PackageForm title="New package" submitText="Save package" save={save} />, '/bookings/packages/add', []);
    const price = await screen.findByLabelText(/^Price \(USD\)/);
    expect(price).toHaveAttribute('inputmode', 'decimal');
    expect(screen.getByText('In dollars, e.g. 49.50. At least $0.50.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Package name/), 'Visit');
    await user.type(price, '0.49');
    await user.click(screen.getByRole('button', { name: 'Save package' }));
    expect(await screen.findByText('A booking package needs a price of at least $0.50.')).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
  });
});

// Issue 34: a price typed with a decimal comma was saved 100 times too high (a number input dropped
// the comma), and a yen package in a clinic now in dollars showed '5000' under '$'.
describe('PackageForm prices as people type them', () => {
  const profile = (currency: string) => ({ 'GET /api/organization/profile': { status: 200, body: { message: 'OK', data: { id: 'o1', name: 'Clinic', currency } } } });
  const languages = (tags: string[]) => vi.spyOn(navigator, 'languages', 'get').mockReturnValue(tags);

  it('reads "85,00" as €85.00 on an English browser, and says so before saving', async () => {
    mockApi(profile('eur'));
    const save = vi.fn((_body: unknown) => Promise.resolve(saved));
    const { user } = renderAt(<PackageForm title="New package" submitText="Save package" save={save} />, '/bookings/packages/add', [{ path: '/bookings/packages', element: <h1>Packages page</h1> }]);
    const price = await screen.findByLabelText(/^Price \(EUR\)/);
    await user.type(screen.getByLabelText(/^Package name/), 'Visit');
    await user.type(price, '85,00');
    expect(screen.getByText('Reads as €85.00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save package' }));
    await waitFor(() => expect(save).toHaveBeenCalledOnce());
    expect(save.mock.calls[0][0]).toMatchObject({ packagePrice: 85 });
  });

  it('reads German grouping on a German browser, and refuses "1,234" there with how to write it', async () => {
    const spy = languages(['de-DE', 'de']);
    mockApi(profile('eur'));
    const save = vi.fn((_body: unknown) => Promise.resolve(saved));
    const { user } = renderAt(<PackageForm title="New package" submitText="Save package" save={save} />, '/bookings/packages/add', [{ path: '/bookings/packages', element: <h1>Packages page</h1> }]);
    const price = await screen.findByLabelText(/^Price \(EUR\)/);
    expect(screen.getByText('In EUR, e.g. 49,50. At least €0.50.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Package name/), 'Visit');
    await user.type(price, '1,234');
    await user.click(screen.getByRole('button', { name: 'Save package' }));
    expect(await screen.findByText('“1,234” could be read two ways. Write 1234 without a thousands separator, or decimals as in 49,50.')).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
    await user.clear(price);
    await user.type(price, '1.234,50');
    expect(await screen.findByText('Reads as €1,234.50')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save package' }));
    await waitFor(() => expect(save).toHaveBeenCalledOnce());
    expect(save.mock.calls[0][0]).toMatchObject({ packagePrice: 1234.5 });
    spy.mockRestore();
  });

  const yenPackage = { ...existing, packagePrice: 5000, packagePriceCents: 5000, currency: 'jpy' };

  it('shows a yen package of a clinic now in dollars as ¥5,000, and saving keeps it (no price sent)', async () => {
    mockApi({ ...profile('usd'), 'GET /api/practitioners': { status: 200, body: { message: 'OK', data: { items: [] } } } });
    const save = vi.fn((_body: unknown) => Promise.resolve(saved));
    const { user } = renderAt(<PackageForm initial={yenPackage as never} title="Package" submitText="Save package" save={save} />, '/bookings/packages/p1', [{ path: '/bookings/packages', element: <h1>Packages page</h1> }]);
    const price = await screen.findByLabelText(/^Price \(JPY\)/);
    expect(price).toHaveValue('5,000');
    expect(price).toHaveAttribute('readonly');
    expect(screen.getByText('¥')).toBeInTheDocument();
    expect(screen.queryByText('$')).not.toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('Priced in JPY before the clinic changed to USD: patients pay ¥5,000, and saving keeps it.');
    await user.click(screen.getByRole('button', { name: 'Save package' }));
    await waitFor(() => expect(save).toHaveBeenCalledOnce());
    expect(save.mock.calls[0][0]).not.toHaveProperty('packagePrice');
  });

  it('prices it again in dollars only when asked: an empty box under $', async () => {
    mockApi({ ...profile('usd'), 'GET /api/practitioners': { status: 200, body: { message: 'OK', data: { items: [] } } } });
    const save = vi.fn((_body: unknown) => Promise.resolve(saved));
    const { user } = renderAt(<PackageForm initial={yenPackage as never} title="Package" submitText="Save package" save={save} />, '/bookings/packages/p1', [{ path: '/bookings/packages', element: <h1>Packages page</h1> }]);
    await user.click(await screen.findByRole('button', { name: 'Set a price in USD' }));
    const price = screen.getByLabelText(/^Price \(USD\)/);
    expect(price).toHaveValue('');
    expect(screen.getByText('$')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Keep ¥5,000' })).toBeInTheDocument();
    await user.type(price, '45');
    await user.click(screen.getByRole('button', { name: 'Save package' }));
    await waitFor(() => expect(save).toHaveBeenCalledOnce());
    expect(save.mock.calls[0][0]).toMatchObject({ packagePrice: 45 });
  });
});

describe('PackageForm payment (issue 36)', () => {
  it('sends a deposit and fees typed with a decimal comma on a German browser, in the clinic currency', async () => {
    const spy = vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE', 'de']);
    mockApi({ 'GET /api/organization/profile': { status: 200, body: { message: 'OK', data: { id: 'o1', name: 'Clinic', currency: 'eur' } } } });
    const save = vi.fn((_body: unknown) => Promise.resolve(saved));
    const { user } = renderAt(<PackageForm title="New package" submitText="Save package" save={save} />, '/bookings/packages/add', [{ path: '/bookings/packages', element: <h1>Packages page</h1> }]);
    await user.type(await screen.findByLabelText(/^Price \(EUR\)/), '85,00');
    await user.type(screen.getByLabelText(/^Package name/), 'Physio');
    await user.selectOptions(screen.getByLabelText('How it is paid'), 'card_on_file');
    await user.type(await screen.findByLabelText(/^No-show fee \(EUR\)/), '17,50');
    await user.type(screen.getByLabelText(/^Cancellation window/), '24');
    await user.click(screen.getByRole('button', { name: 'Save package' }));
    await waitFor(() => expect(save).toHaveBeenCalledOnce());
    expect(save.mock.calls[0][0]).toMatchObject({ packagePrice: 85, paymentMode: 'card_on_file', noShowFee: 17.5, lateCancelFee: null, depositPercent: null, cancellationWindowHours: 24 });
    spy.mockRestore();
  });
});
