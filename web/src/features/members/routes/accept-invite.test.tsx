import { screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { describe, expect, it } from 'vitest';
import { byLabel, mockApi, renderRoutes } from '../../../testing/render';
import { AcceptInvitePage } from './accept-invite';

const details = { email: 'ivy@example.com', firstName: 'Ivy', lastName: 'Invited', organizationName: 'Riverside Clinic', inviterName: 'Olive Owner', expiresAt: '2030-01-01T00:00:00Z' };

function setup(path = '/auth/accept-invite?token=TOKEN123') {
  const calls = mockApi({
    'POST /api/users/invite-details': (body) =>
      (body as { token: string }).token === 'TOKEN123'
        ? { status: 200, body: { message: 'OK', data: details } }
        : { status: 400, body: { message: 'This invitation link is not valid or has already been used. Ask your organisation to send a new one.' } },
    'POST /api/users/accept-invite': {
      status: 201,
      body: { message: 'Login successful', data: { token: 'access', loginVerified: true, userDetails: { id: 'u1', email: details.email, isEmailVerified: true } } },
    },
  });
  const view = renderRoutes(
    [
      { path: '/auth/accept-invite', element: <AcceptInvitePage /> },
      { path: '/auth', element: <h1>Auth page</h1> },
      { path: '/dashboard', element: <h1>Dashboard page</h1> },
    ],
    path,
  );
  return { ...view, calls };
}

describe('AcceptInvitePage', { timeout: 20_000 }, () => {
  it('shows what the invitation is for, and signs in with the chosen password', async () => {
    const { user, calls } = setup();
    expect(await screen.findByRole('heading', { name: 'Join Riverside Clinic' })).toBeInTheDocument();
    expect(screen.getByText('ivy@example.com')).toBeInTheDocument();
    await user.type(byLabel('Password'), 'Chosen-pass-1');
    await user.type(byLabel('Confirm password'), 'Chosen-pass-2');
    await user.tab();
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    await user.clear(byLabel('Confirm password'));
    await user.type(byLabel('Confirm password'), 'Chosen-pass-1');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Accept and sign in' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Accept and sign in' }));
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/users/accept-invite')!.body).toEqual({ token: 'TOKEN123', password: 'Chosen-pass-1' });
    expect(calls.find((c) => c.path === '/api/users/accept-invite')!.headers.authorization).toBeUndefined();
    expect(Cookies.get('token')).toBe('access');
  });

  it('suggests a password from the inviter and member names (spec section 5)', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Suggest a password' }));
    const value = (byLabel('Password') as HTMLInputElement).value;
    expect(value).toMatch(/^OliveOwner_Ivy@[A-Z][a-z][0-9][@$!%*?&]$/);
    expect((byLabel('Confirm password') as HTMLInputElement).value).toBe(value);
    expect(screen.getByText(`Suggested: ${value} (keep it somewhere safe)`)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Accept and sign in' })).toBeEnabled());
  });

  it('one click on Suggest a password fills the focused field, with no error on the way, and the meter scores it', async () => {
    const { user } = setup();
    const suggest = await screen.findByRole('button', { name: 'Suggest a password' });
    const field = byLabel('Password') as HTMLInputElement;
    expect(field).toHaveFocus();
    const meter = screen.getByRole('meter', { name: 'Password strength' });
    expect(meter).toHaveAttribute('aria-valuenow', '0');
    // Pressing the button must leave the page as it is until the click: a blur check showing
    // 'Password is required' there moves the form under the pointer (the tester's two clicks).
    await user.pointer({ keys: '[MouseLeft>]', target: suggest });
    expect(field).toHaveFocus();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Password is required')).not.toBeInTheDocument();
    await user.pointer({ keys: '[/MouseLeft]', target: suggest });
    expect(field.value).toMatch(/^OliveOwner_Ivy@[A-Z][a-z][0-9][@$!%*?&]$/);
    expect(screen.queryByText('Password is required')).not.toBeInTheDocument();
    // 'OliveOwner_Ivy@' plus one of each kind: all five checks pass, all five segments lit.
    await waitFor(() => expect(meter).toHaveAttribute('aria-valuenow', '5'));
    expect(meter).toHaveAttribute('aria-valuetext', 'Strong');
    expect(meter.querySelectorAll('.bg-success')).toHaveLength(5);
  });

  it('explains a used or wrong link', async () => {
    setup('/auth/accept-invite?token=OLD');
    expect(await screen.findByRole('alert')).toHaveTextContent('This invitation link is not valid or has already been used.');
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/auth');
  });

  it('explains a link without its token', async () => {
    setup('/auth/accept-invite');
    expect(await screen.findByRole('alert')).toHaveTextContent('The invitation link is incomplete.');
  });
});
