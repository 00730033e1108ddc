import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SETUP_STEPS, type SetupProgress, type SetupState } from '#shared/reports/schemas';
import { saveToken } from '../../lib/session';
import { mockApi, renderRoutes, rolesState, WithRoles } from '../../testing/render';
import { SetupWizardPage } from './routes/setup-wizard';

const me = { id: 'u-me', email: 'me@example.com', isEmailVerified: true };
const progress = (states: Partial<Record<(typeof SETUP_STEPS)[number], SetupState>>, completedAt: string | null = null): SetupProgress => ({
  steps: { organization: 'todo', service: 'todo', hours: 'todo', package: 'todo', form: 'todo', invite: 'todo', ...states },
  completedAt,
  updatedAt: '2026-11-25T08:00:00.000Z',
});
const bookingPackage = { packageName: 'Check-up', packagePrice: 60, currency: 'usd' };
const ok = (data: unknown, message = 'OK') => ({ status: 200, body: { message, data } });

/** The server's progress: each PUT changes it, as the API does. */
function setupServer(initial: SetupProgress) {
  let current = initial;
  return {
    'GET /api/organization/setup': () => ok(current),
    'PUT /api/organization/setup': (body: unknown) => {
      const { step, state } = body as { step: keyof SetupProgress['steps']; state: SetupState };
      current = { ...current, steps: { ...current.steps, [step]: state } };
      return ok(current);
    },
  };
}

function render(answers: Parameters<typeof mockApi>[0]) {
  saveToken('token');
  const calls = mockApi({ 'GET /api/users/profile': ok(me), ...answers });
  const view = renderRoutes(
    [
      { path: '/crafted/pages/wizards/setup', element: <WithRoles value={rolesState({ isOwner: true })}><SetupWizardPage /></WithRoles> },
      { path: '/dashboard', element: <h1>Dashboard page</h1> },
    ],
    '/crafted/pages/wizards/setup',
  );
  return { ...view, calls };
}

describe('set-up wizard', { timeout: 20_000 }, () => {
  it('resumes at the first step left, saves it through the existing API, then records it and moves on', async () => {
    const { user, calls } = render({
      ...setupServer(progress({ organization: 'done', service: 'skipped' })),
      'GET /api/bookings/availability': ok({ configured: false, timeZone: 'Europe/London', weeklyHours: {}, slotMinutes: 30, capacity: 1, closedDates: ['2030-12-25'], minNoticeMinutes: 60, maxDaysAhead: 90 }),
      'PUT /api/bookings/availability': ok({ configured: true }),
    });
    expect(await screen.findByRole('heading', { name: 'Opening hours' })).toBeInTheDocument();
    expect(screen.getByText('Step 3 of 6')).toBeInTheDocument();
    const steps = within(screen.getByRole('navigation', { name: 'Set-up steps' }));
    expect(steps.getByRole('button', { name: /Organisation details\s*:\s*Done/ })).toBeInTheDocument();
    expect(steps.getByRole('button', { name: /First service\s*:\s*Skipped/ })).toBeInTheDocument();

    await user.click(screen.getByLabelText('Sat'));
    await user.clear(screen.getByLabelText(/Closes at/));
    await user.type(screen.getByLabelText(/Closes at/), '18:00');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByRole('heading', { name: 'First booking package' })).toBeInTheDocument();

    const saved = calls.find((c) => c.method === 'PUT' && c.path === '/api/bookings/availability')!.body as { weeklyHours: Record<string, unknown> };
    expect(saved.weeklyHours.monday).toEqual([{ start: '09:00', end: '18:00' }]);
    expect(saved.weeklyHours.saturday).toEqual([{ start: '09:00', end: '18:00' }]);
    expect(saved.weeklyHours.sunday).toEqual([]);
    // What the clinic set elsewhere is kept.
    expect(saved).toMatchObject({ slotMinutes: 30, capacity: 1, closedDates: ['2030-12-25'], minNoticeMinutes: 60, maxDaysAhead: 90 });
    expect(calls.filter((c) => c.method === 'PUT' && c.path === '/api/organization/setup').map((c) => c.body)).toEqual([{ step: 'hours', state: 'done' }]);
  });

  it('shows the server message and records nothing when a step cannot be saved; Skip moves on', async () => {
    const { user, calls } = render({
      ...setupServer(progress({ organization: 'done', service: 'done', hours: 'done' })),
      'POST /api/bookings/packages': { status: 400, body: { message: 'Package name is required', errors: { packageName: 'Package name is required' } } },
    });
    expect(await screen.findByRole('heading', { name: 'First booking package' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Package name is required');
    expect(screen.getByLabelText(/Package name/)).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.method === 'PUT' && c.path === '/api/organization/setup')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Skip this step' }));
    expect(await screen.findByRole('heading', { name: 'First form' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT' && c.path === '/api/organization/setup').map((c) => c.body)).toEqual([{ step: 'package', state: 'skipped' }]);
  });

  it('puts the first service into the category of that name when it exists already', async () => {
    const { user, calls } = render({
      ...setupServer(progress({ organization: 'done' })),
      'POST /api/service-categories': { status: 409, body: { message: 'A category with this name already exists.' } },
      'GET /api/service-categories': ok({ items: [{ id: 'c-general', name: 'General' }] }),
      'POST /api/services': { status: 201, body: { message: 'Service created', data: { id: 's1' } } },
      'GET /api/bookings/availability': ok({ configured: false, weeklyHours: {}, slotMinutes: 30, capacity: 1, closedDates: [], minNoticeMinutes: 0, maxDaysAhead: 180 }),
    });
    expect(await screen.findByRole('heading', { name: 'First service' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Service name/), 'Check-up');
    await user.type(screen.getByLabelText(/Price/), '60');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByRole('heading', { name: 'Opening hours' })).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/services')!.body).toEqual({ categoryId: 'c-general', name: 'Check-up', durationMinutes: 30, priceMinor: 6000, currency: 'usd', active: true });
  });

  // Issue 34: the price box was a number input, and '85,50' on an English browser became 8550.
  it('reads the first service’s "85,50" as €85.50 in a EUR clinic, and the package’s "85,00" as €85.00', async () => {
    const { user, calls } = render({
      ...setupServer(progress({ organization: 'done', hours: 'done' })),
      'GET /api/organization/profile': ok({ id: 'o1', name: 'Clinic', currency: 'eur' }),
      'POST /api/service-categories': { status: 201, body: { message: 'Category created', data: { id: 'c1' } } },
      'POST /api/services': { status: 201, body: { message: 'Service created', data: { id: 's1' } } },
      'POST /api/bookings/packages': { status: 201, body: { message: 'Booking package saved.', data: { id: 'p1' } } },
    });
    expect(await screen.findByRole('heading', { name: 'First service' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Service name/), 'Check-up');
    await user.type(await screen.findByLabelText(/Price \(€\)/), '85,50');
    expect(screen.getByText('Reads as €85.50')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByRole('heading', { name: 'First booking package' })).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/services')!.body).toMatchObject({ priceMinor: 8550, currency: 'eur' });

    await user.type(screen.getByLabelText(/Package name/), 'Visit');
    await user.type(screen.getByLabelText(/Price \(€\)/), '85,00');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByRole('heading', { name: 'First form' })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/bookings/packages')!.body).toMatchObject({ packageName: 'Visit', packagePrice: 85 });
  });

  it('creates the first form with the fields chosen, and ends when every step is done or skipped', async () => {
    const { user, calls } = render({
      ...setupServer(progress({ organization: 'done', service: 'done', hours: 'done', package: 'skipped', invite: 'skipped' })),
      'POST /api/form-builder/form': { status: 201, body: { message: 'Form created', data: { id: 'f1' } } },
      'GET /api/bookings/packages': ok({ items: [] }),
    });
    expect(await screen.findByRole('heading', { name: 'First form' })).toBeInTheDocument();
    await user.click(screen.getByLabelText('How can we help?'));
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    // The package step was skipped and the clinic has none: the booking page offers nothing, and the
    // end says so (never "set up"), with the way to add one.
    expect(await screen.findByRole('heading', { name: 'Your booking page has nothing to book yet' })).toBeInTheDocument();
    expect(screen.queryByText(/is set up/)).toBeNull();
    expect(screen.getByText(/patients who open it find nothing to book/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a booking package' })).toHaveAttribute('href', '/bookings/packages/add');
    // The other skipped step is a click away.
    await user.click(screen.getByRole('button', { name: 'Invite a colleague' }));
    expect(await screen.findByRole('heading', { name: 'Invite a colleague', level: 2 })).toBeInTheDocument();
    const form = calls.find((c) => c.path === '/api/form-builder/form')!.body as { name: string; fields: { id: string }[] };
    expect(form.name).toBe('New patient enquiry');
    expect(form.fields.map((f) => f.id)).toEqual(['full-name', 'email', 'phone']);
  });

  it('says when the progress cannot be loaded, with Retry', async () => {
    let tries = 0;
    const { user } = render({
      'GET /api/organization/setup': () => (++tries === 1 ? { status: 503, body: { message: 'The service is busy. Please try again.' } } : ok(progress({}))),
      'GET /api/organization/profile': ok({ name: 'Clinic', legalName: 'Clinic LLC', email: 'c@example.com', phoneNumber: '+15551234567', websiteUrl: 'https://c.example', timeZone: 'Europe/London' }),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The service is busy. Please try again.');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Organisation details' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/Organisation name/)).toHaveValue('Clinic'));
  });
});

describe('set-up wizard: where steps start, and the end', { timeout: 20_000 }, () => {
  const org = { name: 'Clinic', legalName: 'Clinic LLC', email: 'c@example.com', phoneNumber: '+15551234567', websiteUrl: 'https://c.example', timeZone: 'America/New_York' };
  // eslint-disable-next-line @typescript-eslint/unbound-method -- the original, kept to be called with its formatter below (real.call(this))
  const real = Intl.DateTimeFormat.prototype.resolvedOptions;
  /** This browser runs in `zone` (what Intl.DateTimeFormat().resolvedOptions() reports). */
  const browserIn = (zone: string) => {
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
      return { ...real.call(this), timeZone: zone };
    });
  };
  const notConfigured = ok({ configured: false, timeZone: 'America/New_York', weeklyHours: {}, slotMinutes: 30, capacity: 1, closedDates: [], minNoticeMinutes: 0, maxDaysAhead: 180 });

  /** The organisation step to do, in a browser in Europe/Madrid, once its zone select shows that zone. */
  const organizationStep = async () => {
    browserIn('Europe/Madrid');
    const view = render({
      ...setupServer(progress({})),
      'GET /api/organization/profile': ok(org),
      'PATCH /api/organization/profile': (body) => ok({ ...org, ...(body as object) }),
    });
    const zone = await screen.findByLabelText(/Time zone/);
    await waitFor(() => expect(zone).toHaveValue('Europe/Madrid'));
    return { ...view, zone };
  };

  it("starts the time zone at the browser's, and saves it", async () => {
    const { user, calls } = await organizationStep();
    expect(screen.getByText("This browser's zone; the organisation has America/New_York until you save.")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByRole('heading', { name: 'First service' })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')!.body).toMatchObject({ name: 'Clinic', timeZone: 'Europe/Madrid' });
  });

  it('saves the zone the owner picks', async () => {
    const { user, calls, zone } = await organizationStep();
    await user.selectOptions(zone, 'Asia/Tokyo');
    expect(zone).toHaveValue('Asia/Tokyo');
    expect(screen.getByText('Bookings, opening hours and reports use this zone.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByRole('heading', { name: 'First service' })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')!.body).toMatchObject({ timeZone: 'Asia/Tokyo' });
  });

  it("keeps the organisation's zone once the step is saved, or when the browser's is not one offered", async () => {
    browserIn('Europe/Madrid');
    const saved = render({ ...setupServer(progress({ organization: 'done' })), 'GET /api/organization/profile': ok(org) });
    await saved.user.click(await screen.findByRole('button', { name: /Organisation details/ }));
    await waitFor(() => expect(screen.getByLabelText(/Time zone/)).toHaveValue('America/New_York'));
    expect(screen.getByText('Bookings, opening hours and reports use this zone.')).toBeInTheDocument();
    saved.unmount();

    // A bare 'UTC' is not in the list the wizard offers.
    browserIn('UTC');
    render({ ...setupServer(progress({})), 'GET /api/organization/profile': ok(org) });
    await waitFor(() => expect(screen.getByLabelText(/Time zone/)).toHaveValue('America/New_York'));
  });

  it('starts the slot length at the length of the service entered before', async () => {
    const { user, calls } = render({
      ...setupServer(progress({ organization: 'done' })),
      'POST /api/service-categories': { status: 201, body: { message: 'Created', data: { id: 'c1' } } },
      'POST /api/services': { status: 201, body: { message: 'Service created', data: { id: 's1' } } },
      'GET /api/bookings/availability': notConfigured,
      'PUT /api/bookings/availability': ok({ configured: true }),
    });
    await user.type(await screen.findByLabelText(/Service name/), 'Physiotherapy');
    await user.clear(screen.getByLabelText(/Duration/));
    await user.type(screen.getByLabelText(/Duration/), '45');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByRole('heading', { name: 'Opening hours' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/Slot length/)).toHaveValue(45));
    expect(screen.getByText('The length of your first service.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByRole('heading', { name: 'First booking package' })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT' && c.path === '/api/bookings/availability')!.body).toMatchObject({ slotMinutes: 45 });
    // The service was entered here, so its length was not asked for again.
    expect(calls.some((c) => c.path === '/api/services' && c.method === 'GET')).toBe(false);
  });

  it('resumed after the service step, takes the newest service; hours already set keep their slot length', async () => {
    const services = ok({ items: [{ id: 's-old', durationMinutes: 20, createdAt: '2026-01-01T00:00:00Z' }, { id: 's-new', durationMinutes: 45, createdAt: '2026-11-25T08:00:00Z' }] });
    const fresh = render({ ...setupServer(progress({ organization: 'done', service: 'done' })), 'GET /api/bookings/availability': notConfigured, 'GET /api/services': services });
    expect(await screen.findByRole('heading', { name: 'Opening hours' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Slot length/)).toHaveValue(45);
    fresh.unmount();

    const hours = [{ start: '08:00', end: '12:00' }];
    render({
      ...setupServer(progress({ organization: 'done', service: 'done' })),
      'GET /api/bookings/availability': ok({ configured: true, timeZone: 'UTC', weeklyHours: { monday: hours, tuesday: [], wednesday: [], thursday: [], friday: [], saturday: [], sunday: [] }, slotMinutes: 15, capacity: 2, closedDates: [], minNoticeMinutes: 0, maxDaysAhead: 180 }),
      'GET /api/services': services,
    });
    expect(await screen.findByRole('heading', { name: 'Opening hours' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/Slot length/)).toHaveValue(15));
    expect(screen.getByLabelText(/Opens at/)).toHaveValue('08:00');
  });

  it("ends with the booking page's address and QR code to share", async () => {
    const all = Object.fromEntries(SETUP_STEPS.map((s) => [s, 'done'])) as Record<(typeof SETUP_STEPS)[number], SetupState>;
    render({
      ...setupServer(progress(all)),
      'GET /api/organization/integration': ok({ apiKey: 'pk_wizard42', rotatedAt: null }),
      // An inactive package offers nothing; the active one makes the booking page bookable.
      'GET /api/bookings/packages': ok({ items: [{ ...bookingPackage, id: 'bp0', isActive: false }, { ...bookingPackage, id: 'bp1', isActive: true }] }),
    });
    expect(await screen.findByRole('heading', { name: 'Your clinic is set up' })).toBeInTheDocument();
    const block = within(screen.getByRole('region', { name: 'Your booking page' }));
    const address = `${window.location.origin}/booking/pk_wizard42`;
    expect(await block.findByLabelText('Address')).toHaveValue(address);
    expect(await block.findByRole('img', { name: `QR code of the booking page: ${address}` })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toBeInTheDocument();
  });
});
