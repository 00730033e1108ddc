import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { byLabel, touch } from '../../../testing/render';
import { COUNTRIES } from '#shared/countries';
import { saveRegistrationToken } from '../../../lib/session';
import { mockApi, renderAt } from '../../../testing/render';
import { AddBasicDetailsPage } from './add-basic-details';

describe('AddBasicDetailsPage', { timeout: 20_000 }, () => {
  it('without a registration token, goes back to /auth', async () => {
    mockApi({});
    renderAt(<AddBasicDetailsPage />, '/auth/add-basic-details');
    expect(await screen.findByText('Auth page')).toBeInTheDocument();
  });

  it('shows the spec messages for the required fields and the length rules', async () => {
    mockApi({});
    saveRegistrationToken('reg');
    const { user } = renderAt(<AddBasicDetailsPage />, '/auth/add-basic-details');
    expect(screen.getByRole('heading', { name: 'Add Basic Details' })).toBeInTheDocument();
    // The spec's order (section 3): username, firstname, middlename, lastname, phoneNumber, gender, city, country.
    const controls = [...document.querySelectorAll('form input, form select')].map((el) => el.getAttribute('name'));
    expect(controls).toEqual(['username', 'firstName', 'middleName', 'lastName', 'phoneNumber', 'gender', 'city', 'country']);
    await touch(user, 'Username');
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    await touch(user, 'First name');
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    await touch(user, 'Last name');
    expect(await screen.findByText('Last name is required')).toBeInTheDocument();
    await touch(user, 'Phone number');
    expect(await screen.findByText('Phone number is required')).toBeInTheDocument();
    await touch(user, 'Gender');
    expect(await screen.findByText('Gender is required. Please select your Gender')).toBeInTheDocument();
    await user.type(byLabel('Username'), 'ab');
    expect(await screen.findByText('Minimum 3 symbols')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
  });

  it('offers 4 genders and about 195 countries; city, country and middle name are optional', async () => {
    const calls = mockApi({ 'POST /api/users/add-basic-details': { status: 200, body: { message: 'Saved', data: { token: 'reg-2' } } } });
    saveRegistrationToken('reg');
    const { user } = renderAt(<AddBasicDetailsPage />, '/auth/add-basic-details');
    const gender = byLabel('Gender');
    expect(within(gender).getAllByRole('option').filter((o) => (o as HTMLOptionElement).value)).toHaveLength(4);
    const country = byLabel('Country');
    expect(within(country).getAllByRole('option').filter((o) => (o as HTMLOptionElement).value)).toHaveLength(COUNTRIES.length);
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(190);

    await user.type(byLabel('Username'), 'oliveowner');
    await user.type(byLabel('First name'), 'Olive');
    await user.type(byLabel('Last name'), 'Owner');
    await user.type(byLabel('Phone number'), '+15551234567');
    await user.selectOptions(gender, 'prefer not to say');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Organisation page')).toBeInTheDocument();
    expect(calls[0]?.headers.authorization).toBe('Bearer reg');
    expect(calls[0]?.body).toMatchObject({ username: 'oliveowner', firstName: 'Olive', lastName: 'Owner', gender: 'prefer not to say' });
  });

  it('falls back to the default error text', async () => {
    mockApi({ 'POST /api/users/add-basic-details': { status: 400, body: { message: '' } } });
    saveRegistrationToken('reg');
    const { user } = renderAt(<AddBasicDetailsPage />, '/auth/add-basic-details');
    await user.type(byLabel('Username'), 'oliveowner');
    await user.type(byLabel('First name'), 'Olive');
    await user.type(byLabel('Last name'), 'Owner');
    await user.type(byLabel('Phone number'), '+15551234567');
    await user.selectOptions(byLabel('Gender'), 'female');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The registration details is incorrect');
  });
});
