// The practitioners area (issue 25): the list, the editor (weekly hours with breaks, dated exceptions,
// the linked member), delete refusals, and what members without write or delete see.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PRACTITIONER_MESSAGES } from '#shared/bookings/practitioner-messages';
import { saveToken } from '../../lib/session';
import { entry, mockApi, renderRoutes, rolesState, WithRoles } from '../../testing/render';
import { AddPractitionerPage } from './routes/add-practitioner';
import { EditPractitionerPage } from './routes/edit-practitioner';
import { PractitionersListPage } from './routes/practitioners-list';
import { RANGE_MESSAGES } from './exception-ranges';

const me = { id: 'u-me', email: 'me@example.com', isEmailVerified: true };
const nineToFive = [{ start: '09:00', end: '17:00' }];
const week = { monday: nineToFive, tuesday: nineToFive, wednesday: nineToFive, thursday: nineToFive, friday: nineToFive, saturday: [], sunday: [] };
const practitioner = (id: string, extra: object = {}) => ({
  id, name: `Dr ${id.toUpperCase()}`, title: 'Physiotherapist', memberId: null, color: '#3366cc', weeklyHours: week, exceptions: [], isActive: true,
  packageIds: [], createdAt: '2030-01-01T00:00:00Z', updatedAt: '2030-01-01T00:00:00Z', ...extra,
});
const member = (userId: string, firstName: string) => ({
  id: userId, userId, email: `${userId}@example.com`, firstName, lastName: 'Lee', isOwner: false, status: 'active', roles: [], createdAt: '2030-01-01T00:00:00Z', updatedAt: '2030-01-01T00:00:00Z',
});
const pkg = (id: string, packageName: string) => ({
  id, packageName, packagePrice: 49.5, packagePriceCents: 4950, packageDescription: '', redirectionUrl: '', isActive: true, durationMinutes: null, bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0, slotGridMinutes: null, minNoticeMinutes: null, maxDaysAhead: null, practitionerIds: [], deletedAt: null, createdAt: '2030-01-01T00:00:00Z', updatedAt: '2030-01-01T00:00:00Z',
});
const ok = (data: unknown) => ({ status: 200, body: { message: 'OK', data } });
const readOnly = rolesState({ roles: [entry('BOOKING_PACKAGES', { read: true }), entry('Members', { read: true })] });
const writer = rolesState({ roles: [entry('BOOKING_PACKAGES', { read: true, write: true }), entry('Members', { read: true })] });

function render(element: React.ReactNode, path: string, answers: Parameters<typeof mockApi>[0], roles = rolesState({ isOwner: true }), pattern = path) {
  saveToken('token');
  const calls = mockApi({
    'GET /api/users/profile': ok(me),
    'GET /api/organization/members': ok({ items: [member('u-ana', 'Ana'), member('u-ben', 'Ben')] }),
    'GET /api/bookings/packages': ok({ items: [pkg('p1', 'Massage'), pkg('p2', 'Check-up')] }),
    'GET /api/calendar/feeds': ok({ items: [] }),
    ...answers,
  });
  const view = renderRoutes(
    [
      { path: pattern, element: <WithRoles value={roles}>{element}</WithRoles> },
      ...(pattern === '/bookings/practitioners' ? [] : [{ path: '/bookings/practitioners', element: <h1>Practitioners page</h1> }]),
    ],
    path,
  );
  return { ...view, calls };
}

describe('practitioners', { timeout: 30_000 }, () => {
  it('lists practitioners with their colour, title, who signs in as them, their packages and state', async () => {
    render(<PractitionersListPage />, '/bookings/practitioners', {
      'GET /api/practitioners': ok({ items: [
        practitioner('a', { memberId: 'u-ana', color: '#aa0000', packageIds: ['p1', 'p2'] }),
        practitioner('b', { title: '', isActive: false }),
      ] }),
    });
    const rowA = within((await screen.findByRole('link', { name: 'Dr A' })).closest('tr')!);
    expect(rowA.getByText('Physiotherapist')).toBeInTheDocument();
    expect(await rowA.findByText('Ana Lee')).toBeInTheDocument();
    expect(await rowA.findByText('Massage, Check-up')).toBeInTheDocument();
    expect(rowA.getByText('Active')).toBeInTheDocument();
    expect(rowA.getByTitle('Colour #aa0000')).toHaveStyle({ background: '#aa0000' });
    expect(rowA.getByRole('link', { name: 'Dr A' })).toHaveAttribute('href', '/bookings/practitioners/a');
    const rowB = within(screen.getByRole('link', { name: 'Dr B' }).closest('tr')!);
    expect(rowB.getByText('Does not sign in')).toBeInTheDocument();
    expect(rowB.getByText('Inactive')).toBeInTheDocument();
    expect(rowB.getByText('None yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Add practitioner/ })).toHaveAttribute('href', '/bookings/practitioners/add');
  });

  it("gives each active practitioner's booking page: a link to copy in the list, the address and QR code in the editor", async () => {
    const page = `${window.location.origin}/booking/pk_test_key`;
    const integration = { 'GET /api/organization/integration': ok({ apiKey: 'pk_test_key', rotatedAt: null }) };
    const { user, unmount } = render(<PractitionersListPage />, '/bookings/practitioners', {
      ...integration,
      'GET /api/practitioners': ok({ items: [practitioner('a'), practitioner('b', { isActive: false })] }),
    });
    const rowA = within((await screen.findByRole('link', { name: 'Dr A' })).closest('tr')!);
    await user.click(await rowA.findByRole('button', { name: 'Copy link for Dr A' }));
    expect(await navigator.clipboard.readText()).toBe(`${page}?practitioner=a`);
    // An inactive practitioner is offered nowhere: no link.
    expect(within(screen.getByRole('link', { name: 'Dr B' }).closest('tr')!).queryByRole('button', { name: /^Copy link for/ })).toBeNull();
    unmount();

    render(<EditPractitionerPage />, '/bookings/practitioners/a', { ...integration, 'GET /api/practitioners/a': ok(practitioner('a')) }, rolesState({ isOwner: true }), '/bookings/practitioners/:id');
    const block = within(await screen.findByRole('region', { name: 'Booking page of Dr A' }));
    expect(await block.findByLabelText('Address')).toHaveValue(`${page}?practitioner=a`);
    expect(await block.findByRole('img', { name: `QR code of the booking page: ${page}?practitioner=a` })).toBeInTheDocument();
  });

  it('creates a practitioner with a lunch break and a day off, sending exactly what was entered', async () => {
    const { user, calls } = render(<AddPractitionerPage />, '/bookings/practitioners/add', {
      'POST /api/practitioners': (body) => ({ status: 201, body: { message: 'Practitioner saved.', data: { ...practitioner('new'), ...(body as object) } } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Add Practitioner' }));
    expect(await screen.findByText(PRACTITIONER_MESSAGES.name)).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Name/), 'Dr Ana Ruiz');
    await user.type(screen.getByLabelText('Title'), 'Physiotherapist');
    await screen.findByRole('option', { name: 'Ben Lee (u-ben@example.com)' });
    await user.selectOptions(screen.getByLabelText('Linked member'), 'u-ben');
    // Monday: 09:00-12:00 and 13:00-17:00 (a break for lunch).
    const monday = screen.getByRole('group', { name: 'Monday' });
    await user.clear(within(monday).getByLabelText('Monday ends'));
    await user.type(within(monday).getByLabelText('Monday ends'), '12:00');
    await user.click(within(monday).getByRole('button', { name: /Add hours/ }));
    expect(within(monday).getByLabelText('Monday starts (2)')).toHaveValue('13:00');
    expect(within(monday).getByLabelText('Monday ends (2)')).toHaveValue('17:00');
    // Friday: not working.
    const friday = screen.getByRole('group', { name: 'Friday' });
    await user.click(within(friday).getByRole('button', { name: 'Remove Friday 09:00 to 17:00' }));
    expect(friday).toHaveTextContent('Not working');
    // One day off.
    await user.click(screen.getByRole('button', { name: /Add exception/ }));
    await user.type(screen.getByLabelText('First date of exception 1'), '2030-12-24');
    expect(screen.getByLabelText('Hours on 2030-12-24')).toHaveValue('off');
    await user.type(screen.getByLabelText('Note of exception 1'), 'Holiday');

    await user.click(screen.getByRole('button', { name: 'Add Practitioner' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/practitioners')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      name: 'Dr Ana Ruiz',
      title: 'Physiotherapist',
      memberId: 'u-ben',
      color: '#3366cc',
      weeklyHours: {
        monday: [{ start: '09:00', end: '12:00' }, { start: '13:00', end: '17:00' }],
        tuesday: nineToFive, wednesday: nineToFive, thursday: nineToFive, friday: [], saturday: [], sunday: [],
      },
      exceptions: [{ date: '2030-12-24', hours: [], note: 'Holiday' }],
      isActive: true,
    });
    expect(await screen.findByRole('heading', { name: 'Practitioners page' })).toBeInTheDocument();
  });

  it('refuses overlapping intervals before sending, and shows the server\'s field messages where they belong', async () => {
    const { user, calls } = render(<AddPractitionerPage />, '/bookings/practitioners/add', {
      'POST /api/practitioners': { status: 400, body: { message: 'Please check the form.', errors: { memberId: PRACTITIONER_MESSAGES.unknownMember, 'exceptions.0.date': 'One exception per date' } } },
    });
    await user.type(await screen.findByLabelText(/^Name/), 'Dr Ana Ruiz');
    const tuesday = screen.getByRole('group', { name: 'Tuesday' });
    await user.click(within(tuesday).getByRole('button', { name: /Add hours/ }));
    await user.clear(within(tuesday).getByLabelText('Tuesday starts (2)'));
    await user.type(within(tuesday).getByLabelText('Tuesday starts (2)'), '16:00');
    await user.click(screen.getByRole('button', { name: 'Add Practitioner' }));
    expect(await within(tuesday).findByText('Opening intervals of a day must not overlap')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.clear(within(tuesday).getByLabelText('Tuesday starts (2)'));
    await user.type(within(tuesday).getByLabelText('Tuesday starts (2)'), '17:30');
    await user.clear(within(tuesday).getByLabelText('Tuesday ends (2)'));
    await user.type(within(tuesday).getByLabelText('Tuesday ends (2)'), '19:00');
    await user.click(screen.getByRole('button', { name: /Add exception/ }));
    await user.type(screen.getByLabelText('First date of exception 1'), '2030-12-24');
    await user.click(screen.getByRole('button', { name: 'Add Practitioner' }));
    expect(await screen.findByText('Please check the form.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(screen.getByText(PRACTITIONER_MESSAGES.unknownMember)).toBeInTheDocument();
    expect(screen.getByLabelText('Linked member')).toHaveAttribute('aria-invalid', 'true');
    expect(within(screen.getByRole('listitem', { name: 'Exception 1' })).getByText('One exception per date')).toBeInTheDocument();
  });

  it('refuses two exceptions on one date and an interval that ends before it starts', async () => {
    const { user, calls } = render(<AddPractitionerPage />, '/bookings/practitioners/add', {});
    await user.type(await screen.findByLabelText(/^Name/), 'Dr Ana Ruiz');
    for (const n of [1, 2]) {
      await user.click(screen.getByRole('button', { name: /Add exception/ }));
      await user.type(screen.getByLabelText(`First date of exception ${n}`), '2030-12-24');
    }
    const wednesday = screen.getByRole('group', { name: 'Wednesday' });
    await user.clear(within(wednesday).getByLabelText('Wednesday ends'));
    await user.type(within(wednesday).getByLabelText('Wednesday ends'), '08:00');
    await user.click(screen.getByRole('button', { name: 'Add Practitioner' }));
    expect(await within(screen.getByRole('listitem', { name: 'Exception 2' })).findByText(RANGE_MESSAGES.overlap)).toBeInTheDocument();
    expect(within(wednesday).getByText('Each opening interval must end after it starts')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('edits a practitioner: other hours on a date, and the whole practitioner is sent', async () => {
    const existing = practitioner('a', { memberId: 'u-ana', exceptions: [{ date: '2030-12-24', hours: [], note: 'Holiday' }] });
    const { user, calls } = render(<EditPractitionerPage />, '/bookings/practitioners/a', {
      'GET /api/practitioners/a': ok(existing),
      'PUT /api/practitioners/a': (body) => ok({ ...existing, ...(body as object) }),
    }, writer, '/bookings/practitioners/:id');
    const name = await screen.findByLabelText(/^Name/);
    expect(name).toHaveValue('Dr A');
    expect(await screen.findByRole('option', { name: 'Ana Lee (u-ana@example.com)', selected: true })).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'Dr Ana Ruiz');
    await user.selectOptions(screen.getByLabelText('Hours on 2030-12-24'), 'hours');
    const hours = screen.getByRole('group', { name: '2030-12-24' });
    await user.clear(within(hours).getByLabelText('2030-12-24 ends'));
    await user.type(within(hours).getByLabelText('2030-12-24 ends'), '13:00');
    await user.click(screen.getByLabelText(/^Active/));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      name: 'Dr Ana Ruiz', title: 'Physiotherapist', memberId: 'u-ana', color: '#3366cc', weeklyHours: week,
      exceptions: [{ date: '2030-12-24', hours: [{ start: '09:00', end: '13:00' }], note: 'Holiday' }], isActive: false,
    });
    expect(await screen.findByRole('heading', { name: 'Practitioners page' })).toBeInTheDocument();
  });

  it('shows no message on a new exception until the person leaves its date or saves', async () => {
    const { user, calls } = render(<AddPractitionerPage />, '/bookings/practitioners/add', {});
    await user.type(await screen.findByLabelText(/^Name/), 'Dr Ana Ruiz');
    await user.click(screen.getByRole('button', { name: /Add exception/ }));
    const row = screen.getByRole('listitem', { name: 'Exception 1' });
    // Give react-hook-form's validation of the list (on append) its turn: still nothing in red.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(row).queryByText('Exception dates must be dates such as 2030-12-24')).toBeNull();
    expect(screen.getByLabelText('First date of exception 1')).not.toHaveClass('is-invalid');
    // Leaving the empty date says what is wrong.
    await user.click(screen.getByLabelText('First date of exception 1'));
    await user.tab();
    expect(await within(row).findByText('Exception dates must be dates such as 2030-12-24')).toBeInTheDocument();
    // A second new row stays quiet, until Save.
    await user.click(screen.getByRole('button', { name: /Add exception/ }));
    const second = screen.getByRole('listitem', { name: 'Exception 2' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(second).queryByText('Exception dates must be dates such as 2030-12-24')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add Practitioner' }));
    expect(await within(second).findByText('Exception dates must be dates such as 2030-12-24')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('takes a holiday as one entry from its first to its last date, and shows it as one again', async () => {
    const { user, calls } = render(<AddPractitionerPage />, '/bookings/practitioners/add', {
      'POST /api/practitioners': (body) => ({ status: 201, body: { message: 'Practitioner saved.', data: { ...practitioner('new'), ...(body as object) } } }),
    });
    await user.type(await screen.findByLabelText(/^Name/), 'Dr Ana Ruiz');
    await user.click(screen.getByRole('button', { name: /Add exception/ }));
    await user.type(screen.getByLabelText('First date of exception 1'), '2030-07-29');
    await user.type(screen.getByLabelText('Last date of exception 1'), '2030-08-02');
    expect(screen.getByLabelText('Hours on 2030-07-29')).toHaveValue('off');
    await user.type(screen.getByLabelText('Note of exception 1'), 'Summer holiday');
    expect(within(screen.getByRole('listitem', { name: 'Exception 1' })).getByText(/to .*\(5 days\)/)).toBeInTheDocument();
    // A last date before the first is refused where it was typed.
    await user.click(screen.getByRole('button', { name: /Add exception/ }));
    await user.type(screen.getByLabelText('First date of exception 2'), '2030-09-10');
    await user.type(screen.getByLabelText('Last date of exception 2'), '2030-09-08');
    await user.click(screen.getByRole('button', { name: 'Add Practitioner' }));
    expect(await within(screen.getByRole('listitem', { name: 'Exception 2' })).findByText(RANGE_MESSAGES.endDate)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Remove exception 2' }));
    await user.click(screen.getByRole('button', { name: 'Add Practitioner' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect((calls.find((c) => c.method === 'POST')!.body as { exceptions: unknown[] }).exceptions).toEqual(
      ['2030-07-29', '2030-07-30', '2030-07-31', '2030-08-01', '2030-08-02'].map((date) => ({ date, hours: [], note: 'Summer holiday' })),
    );
  });

  it("opens stored days of one holiday as one range, and copies a day's hours to every weekday", async () => {
    const holiday = ['2030-07-29', '2030-07-30', '2030-07-31'].map((date) => ({ date, hours: [], note: 'Summer holiday' }));
    const existing = practitioner('a', { exceptions: [...holiday, { date: '2030-12-24', hours: [], note: '' }] });
    const { user, calls } = render(<EditPractitionerPage />, '/bookings/practitioners/a', {
      'GET /api/practitioners/a': ok(existing),
      'PUT /api/practitioners/a': (body) => ok({ ...existing, ...(body as object) }),
    }, writer, '/bookings/practitioners/:id');
    expect(await screen.findByLabelText('First date of exception 1')).toHaveValue('2030-07-29');
    expect(screen.getByLabelText('Last date of exception 1')).toHaveValue('2030-07-31');
    expect(screen.getByLabelText('First date of exception 2')).toHaveValue('2030-12-24');
    expect(screen.getByLabelText('Last date of exception 2')).toHaveValue('');
    expect(screen.queryByLabelText('First date of exception 3')).toBeNull();

    // Monday: 08:00-12:00 and 13:00-16:00, then the same every weekday.
    const monday = screen.getByRole('group', { name: 'Monday' });
    await user.clear(within(monday).getByLabelText('Monday starts'));
    await user.type(within(monday).getByLabelText('Monday starts'), '08:00');
    await user.clear(within(monday).getByLabelText('Monday ends'));
    await user.type(within(monday).getByLabelText('Monday ends'), '12:00');
    await user.click(within(monday).getByRole('button', { name: /Add hours/ }));
    await user.clear(within(monday).getByLabelText('Monday ends (2)'));
    await user.type(within(monday).getByLabelText('Monday ends (2)'), '16:00');
    await user.click(within(monday).getByRole('button', { name: "Copy to all weekdays: Monday's hours" }));
    const friday = screen.getByRole('group', { name: 'Friday' });
    expect(within(friday).getByLabelText('Friday starts')).toHaveValue('08:00');
    expect(within(friday).getByLabelText('Friday ends (2)')).toHaveValue('16:00');
    // A day off has nothing to copy.
    expect(within(screen.getByRole('group', { name: 'Saturday' })).queryByRole('button', { name: /Copy/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const split = [{ start: '08:00', end: '12:00' }, { start: '13:00', end: '16:00' }];
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      weeklyHours: { monday: split, tuesday: split, wednesday: split, thursday: split, friday: split, saturday: [], sunday: [] },
      exceptions: [...holiday, { date: '2030-12-24', hours: [], note: '' }],
    });
  });

  it('keeps a practitioner with upcoming bookings and shows the server\'s reason', async () => {
    const { user, calls } = render(<EditPractitionerPage />, '/bookings/practitioners/a', {
      'GET /api/practitioners/a': ok(practitioner('a')),
      'DELETE /api/practitioners/a': { status: 409, body: { message: PRACTITIONER_MESSAGES.hasBookings } },
    }, undefined, '/bookings/practitioners/:id');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Delete Dr A?');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete' }));
    expect(await within(dialog).findByText(PRACTITIONER_MESSAGES.hasBookings)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Practitioners page' })).toBeNull();
  });

  it('deletes from the list after confirmation, and shows a refusal there too', async () => {
    let refuse = true;
    const { user } = render(<PractitionersListPage />, '/bookings/practitioners', {
      'GET /api/practitioners': ok({ items: [practitioner('a')] }),
      'DELETE /api/practitioners/a': () => (refuse ? { status: 409, body: { message: PRACTITIONER_MESSAGES.hasBookings } } : ok({ id: 'a' })),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Dr A' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete' }));
    expect(await within(dialog).findByText(PRACTITIONER_MESSAGES.hasBookings)).toBeInTheDocument();
    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows members who may only read neither Add, Edit, Delete nor Save, and the editor read-only', async () => {
    render(<PractitionersListPage />, '/bookings/practitioners', { 'GET /api/practitioners': ok({ items: [practitioner('a')] }) }, readOnly);
    await screen.findByRole('link', { name: 'Dr A' });
    expect(screen.queryByRole('link', { name: /Add practitioner/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit Dr A' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Dr A' })).toBeNull();
  });

  it('opens the editor read-only without write, and without Delete without delete', async () => {
    render(<EditPractitionerPage />, '/bookings/practitioners/a', { 'GET /api/practitioners/a': ok(practitioner('a')) }, readOnly, '/bookings/practitioners/:id');
    expect(await screen.findByLabelText(/^Name/)).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Add hours/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Add exception/ })).toBeNull();
  });

  it('offers Save but not Delete to a member who may write but not delete', async () => {
    render(<EditPractitionerPage />, '/bookings/practitioners/a', { 'GET /api/practitioners/a': ok(practitioner('a')) }, writer, '/bookings/practitioners/:id');
    expect(await screen.findByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});
