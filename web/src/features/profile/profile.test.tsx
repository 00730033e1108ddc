import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { notify } from '../../lib/notify';
import type { UserDetails } from '#shared/api';
import { saveToken } from '../../lib/session';
import { byLabel, mockApi, renderAt, touch } from '../../testing/render';
import { pictureProblem } from './api/upload-picture';
import { ChangePasswordForm } from './components/change-password-form';
import { ProfileDetailsForm } from './components/profile-details-form';

const user: UserDetails = {
  id: 'u1',
  email: 'olive@example.com',
  username: 'oliveowner',
  firstName: 'Olive',
  lastName: 'Owner',
  phoneNumber: '+15551234567',
  gender: 'female',
  isEmailVerified: true,
};

describe('profile', { timeout: 20_000 }, () => {
  it('saves changed details with PATCH /users/profile', async () => {
    saveToken('t');
    const calls = mockApi({
      'GET /api/users/profile': { status: 200, body: { message: 'OK', data: user } },
      'PATCH /api/users/profile': (body) => ({ status: 200, body: { message: 'Your profile is saved.', data: { ...user, ...(body as object) } } }),
    });
    const { user: u } = renderAt(<ProfileDetailsForm user={user} />, '/crafted/account/settings');
    const success = vi.spyOn(notify, 'success');
    const save = screen.getByRole('button', { name: 'Save Changes' });
    expect(save).toBeDisabled();
    await u.selectOptions(byLabel('Country'), 'Canada');
    await u.clear(byLabel('First name'));
    await touch(u, 'First name');
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    await u.type(byLabel('First name'), 'Olivia');
    await waitFor(() => expect(save).toBeEnabled());
    await u.click(save);
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({ firstName: 'Olivia', country: 'Canada', gender: 'female' });
    // The save ends (and updates the cache) after the answer: the test ends with it, not before.
    await waitFor(() => expect(success).toHaveBeenCalledWith('Your profile is saved.'));
  });

  it('change password: the new password twice, and the server message on the current one', async () => {
    mockApi({
      'PATCH /api/users/password/change': {
        status: 400,
        body: { message: 'Your current password is incorrect.', errors: { currentPassword: 'Your current password is incorrect.' } },
      },
    });
    const { user: u } = renderAt(<ChangePasswordForm />, '/crafted/account/settings');
    await u.type(byLabel('Current password'), 'old-one');
    await u.type(byLabel('New password'), 'New-secret-1');
    await u.type(byLabel('Confirm new password'), 'New-secret-2');
    await u.tab();
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    await u.clear(byLabel('Confirm new password'));
    await u.type(byLabel('Confirm new password'), 'New-secret-1');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Update Password' })).toBeEnabled());
    await u.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findAllByText('Your current password is incorrect.')).toHaveLength(2);
    expect(byLabel('Current password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses pictures the server would refuse', () => {
    expect(pictureProblem(new File(['x'], 'a.pdf', { type: 'application/pdf' }))).toBe('Choose a JPEG, PNG, WebP or GIF image.');
    expect(pictureProblem(new File([new Uint8Array(4 * 1024 * 1024 + 1)], 'a.png', { type: 'image/png' }))).toBe('The picture must be 4 MB or smaller.');
    expect(pictureProblem(new File(['x'], 'a.webp', { type: 'image/webp' }))).toBeUndefined();
  });
});
