import { screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { describe, expect, it } from 'vitest';
import { byLabel, touch } from '../../../testing/render';
import { getRegistrationToken, saveRegistrationToken } from '../../../lib/session';
import { mockApi, renderAt } from '../../../testing/render';
import { AddOrgDetailsPage } from './add-org-details';

describe('AddOrgDetailsPage', { timeout: 20_000 }, () => {
  it('shows the spec messages', async () => {
    mockApi({});
    saveRegistrationToken('reg');
    const { user } = renderAt(<AddOrgDetailsPage />, '/auth/add-org-details');
    expect(screen.getByRole('heading', { name: 'Add Organisation Details' })).toBeInTheDocument();
    // The spec's order (section 3): name, email, legalName, websiteUrl, phoneNumber.
    const controls = [...document.querySelectorAll('form input')].map((el) => el.getAttribute('name'));
    expect(controls).toEqual(['name', 'email', 'legalName', 'websiteUrl', 'phoneNumber']);
    await touch(user, 'Organisation name');
    expect(await screen.findByText('name is required')).toBeInTheDocument();
    await touch(user, 'Legal name');
    expect(await screen.findByText('Legal Name is required')).toBeInTheDocument();
    await touch(user, 'Organisation email');
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await touch(user, 'Website');
    expect(await screen.findByText('Website Url is required')).toBeInTheDocument();
    await touch(user, 'Phone number');
    expect(await screen.findByText('Phone Number is required')).toBeInTheDocument();
    await user.type(byLabel('Organisation name'), 'Ri');
    expect(await screen.findByText('Minimum 3 symbols')).toBeInTheDocument();
    await user.type(byLabel('Organisation email'), 'nope');
    expect(await screen.findByText('Wrong email format')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create organisation' })).toBeDisabled();
  });

  it('on success saves the token, forgets the registration token and opens the dashboard', async () => {
    const calls = mockApi({
      'POST /api/users/add-organization': {
        status: 201,
        body: { message: 'Your organisation is ready.', data: { token: 'access', userDetails: { id: 'u1', email: 'o@example.com', isEmailVerified: true } } },
      },
    });
    saveRegistrationToken('reg');
    const { user } = renderAt(<AddOrgDetailsPage />, '/auth/add-org-details');
    await user.type(byLabel('Organisation name'), 'Riverside Clinic');
    await user.type(byLabel('Legal name'), 'Riverside Clinic LLC');
    await user.type(byLabel('Organisation email'), 'hello@riverside.example.com');
    // Typed as people do, without https://: accepted and sent with it.
    await user.type(byLabel('Website'), 'www.riverside.example.com');
    await user.type(byLabel('Phone number'), '+15551234567');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create organisation' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Create organisation' }));
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
    expect(Cookies.get('token')).toBe('access');
    expect(getRegistrationToken()).toBeUndefined();
    expect(calls[0]?.headers.authorization).toBe('Bearer reg');
    // The organisation starts in the creator's browser zone.
    expect(calls[0]?.body).toMatchObject({ name: 'Riverside Clinic', websiteUrl: 'https://www.riverside.example.com', timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });
  });
});
