// The practitioner editor's pieces on their own, each in a bare form (the whole editor is in
// practitioners.test.tsx): the details with the member choice, the weekly hours, the exception list and
// row, and the hook that saves and puts the server's messages on the fields.
import { act, render, renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../lib/session';
import type { PractitionerView } from '../../lib/practitioners';
import { entry, mockApi, renderRoutes, rolesState, WithRoles } from '../../testing/render';
import { ExceptionList } from './components/exception-list';
import { PractitionerDetails } from './components/practitioner-details';
import { WeeklyHoursFields } from './components/weekly-hours-fields';
import type { PractitionerFormApi, PractitionerInput, PractitionerOutput } from './practitioner-form-values';
import { usePractitionerForm } from './use-practitioner-form';

const nineToFive = [{ start: '09:00', end: '17:00' }];
const values = (extra: Partial<PractitionerInput> = {}): PractitionerInput => ({
  name: 'Dr Ana', title: '', memberId: null, color: '#3366cc', isActive: true, exceptions: [],
  weeklyHours: { monday: [{ start: '08:00', end: '12:00' }], tuesday: nineToFive, wednesday: nineToFive, thursday: nineToFive, friday: nineToFive, saturday: [], sunday: [] },
  ...extra,
});

/** A bare form around one piece, as the editor holds them. */
function Bare({ initial, piece, seen }: { initial: PractitionerInput; piece: (form: PractitionerFormApi) => ReactNode; seen?: (form: PractitionerFormApi) => void }) {
  const form = useForm<PractitionerInput, unknown, PractitionerOutput>({ defaultValues: initial, mode: 'onTouched' });
  seen?.(form);
  return <form>{piece(form)}</form>;
}

describe('WeeklyHoursFields', () => {
  it("copies a day's hours to the other weekdays only, and offers no copy for a day off", async () => {
    const user = userEvent.setup();
    let form: PractitionerFormApi | undefined;
    render(<Bare initial={values()} seen={(f) => (form = f)} piece={(f) => <WeeklyHoursFields form={f} readOnly={false} />} />);
    expect(screen.getByRole('heading', { name: 'Weekly hours' })).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Saturday' })).queryByRole('button', { name: /Copy/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: "Copy to all weekdays: Monday's hours" }));
    expect(within(screen.getByRole('group', { name: 'Friday' })).getByLabelText('Friday starts')).toHaveValue('08:00');
    expect(form!.getValues('weeklyHours')).toMatchObject({ tuesday: [{ start: '08:00', end: '12:00' }], friday: [{ start: '08:00', end: '12:00' }], saturday: [], sunday: [] });
    expect(form!.getFieldState('weeklyHours.friday').isDirty).toBe(true);
  });
});

describe('ExceptionList', () => {
  it('adds an empty exception without a message, names a range in words, switches it to other hours and removes it', async () => {
    const user = userEvent.setup();
    render(<Bare initial={values()} piece={(f) => <ExceptionList form={f} readOnly={false} />} />);
    expect(screen.getByText('None.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Add exception/ }));
    const row = screen.getByRole('listitem', { name: 'Exception 1' });
    expect(row).toHaveTextContent('Choose the dates');
    expect(row.querySelector('.invalid-feedback')).toBeNull();
    await user.type(within(row).getByLabelText('First date of exception 1'), '2030-07-01');
    await user.type(within(row).getByLabelText('Last date of exception 1'), '2030-07-03');
    expect(row).toHaveTextContent(/to .*\(3 days\)/);
    await user.selectOptions(within(row).getByLabelText('Hours on 2030-07-01'), 'hours');
    expect(within(row).getByText('Hours each day')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Remove exception 1' }));
    expect(screen.queryByRole('listitem', { name: 'Exception 1' })).toBeNull();
    expect(screen.getByText('None.')).toBeInTheDocument();
  });

  it('offers no add or remove to a member who may only read', () => {
    render(<Bare initial={values({ exceptions: [{ date: '2030-07-01', endDate: '', hours: [], note: 'Off' }] })} piece={(f) => <ExceptionList form={f} readOnly />} />);
    expect(screen.getByRole('listitem', { name: 'Exception 1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add exception/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove exception 1' })).toBeNull();
  });
});

describe('PractitionerDetails', () => {
  const member = (userId: string, firstName: string, status = 'active') => ({
    id: userId, userId, email: `${userId}@example.com`, firstName, lastName: 'Lee', isOwner: false, status, roles: [], createdAt: '2030-01-01T00:00:00Z', updatedAt: '2030-01-01T00:00:00Z',
  });

  it('offers the active members and keeps a linked one who is no longer listed', async () => {
    saveToken('token');
    mockApi({
      'GET /api/users/profile': { status: 200, body: { message: 'OK', data: { id: 'u-me', email: 'me@example.com', isEmailVerified: true } } },
      'GET /api/organization/members': { status: 200, body: { message: 'OK', data: { items: [member('u-ana', 'Ana'), member('u-ben', 'Ben', 'deactivated')] } } },
    });
    const roles = rolesState({ roles: [entry('Members', { read: true })] });
    renderRoutes([{ path: '/', element: <WithRoles value={roles}><Bare initial={values({ memberId: 'u-gone' })} piece={(f) => <PractitionerDetails form={f} />} /></WithRoles> }], '/');
    const select = screen.getByLabelText('Linked member');
    await within(select).findByRole('option', { name: 'Ana Lee (u-ana@example.com)' });
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Does not sign in', 'Ana Lee (u-ana@example.com)', 'Linked member']);
    expect(select).toHaveValue('u-gone');
    expect(screen.getByRole('switch', { name: 'Active (offered for booking)' })).toBeChecked();
  });
});

describe('usePractitionerForm', () => {
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter>{children}</MemoryRouter>;
  const initial = { id: 'a', name: 'Dr A', title: '', memberId: null, color: '#3366cc', weeklyHours: values().weeklyHours, isActive: true, packageIds: [],
    exceptions: [{ date: '2030-07-01', hours: [], note: '' }, { date: '2030-07-02', hours: [], note: '' }, { date: '2030-07-09', hours: [], note: '' }] } as unknown as PractitionerView;

  it('starts from the practitioner edited, with their dated exceptions as ranges', () => {
    const { result } = renderHook(() => usePractitionerForm(initial, vi.fn()), { wrapper });
    expect(result.current.form.getValues('exceptions')).toEqual([
      expect.objectContaining({ date: '2030-07-01', endDate: '2030-07-02' }),
      expect.objectContaining({ date: '2030-07-09' }),
    ]);
  });

  it("puts the server's refusal in the banner and a dated message on the range that holds the date", async () => {
    const save = vi.fn(() => Promise.resolve({ success: false as const, message: 'Please check the form.', data: { errors: { 'exceptions.2.date': 'One exception per date', name: 'Name taken', other: 'ignored' } } }));
    const { result } = renderHook(() => usePractitionerForm(initial, save as never), { wrapper });
    await act(() => result.current.submit());
    expect(save).toHaveBeenCalledTimes(1);
    expect(result.current.status).toEqual({ kind: 'danger', text: 'Please check the form.' });
    const { getFieldState } = result.current.form;
    // The third date (9 July) is the second range.
    expect(getFieldState('exceptions.1.date').error?.message).toBe('One exception per date');
    expect(getFieldState('exceptions.0.date').error).toBeUndefined();
    expect(getFieldState('name').error?.message).toBe('Name taken');
  });

  it('starts a new practitioner on weekdays, 09:00 to 17:00', () => {
    const { result } = renderHook(() => usePractitionerForm(undefined, vi.fn()), { wrapper });
    expect(result.current.form.getValues('weeklyHours')).toMatchObject({ monday: nineToFive, friday: nineToFive, saturday: [], sunday: [] });
  });
});
