// The transitions of spec section 4 on the combined screen, against a stubbed API.
import { screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { describe, expect, it } from 'vitest';
import { getRegistrationToken, saveRegistrationToken } from '../../../lib/session';
import { mockApi, renderAt, testChallenge } from '../../../testing/render';
import { RegisterEmailPage } from './register-email';

const user = { id: 'u1', email: 'olive@example.com', firstName: 'Olive', lastName: 'Owner', isEmailVerified: true };
const flags = { loginVerified: false, isAlreadyRegistered: false, hasAddedOrg: false };

async function submitCredentials(view: ReturnType<typeof renderAt>) {
  await view.user.type(screen.getByLabelText('Email'), 'olive@example.com');
  await view.user.type(screen.getByLabelText('Password'), 'Secret-123');
  const button = screen.getByRole('button', { name: 'Continue' });
  await waitFor(() => expect(button).toBeEnabled());
  await view.user.click(button);
}

describe('RegisterEmailPage', { timeout: 20_000 }, () => {
  it('clears a registration token left from an earlier sign-up', () => {
    mockApi({});
    saveRegistrationToken('old');
    renderAt(<RegisterEmailPage />, '/auth');
    expect(getRegistrationToken()).toBeUndefined();
  });

  it('201 with the email unverified: switches to one-time-code mode, saying what was sent for a new address and for an existing account', async () => {
    mockApi({ 'POST /api/users/register-email': { status: 201, body: { message: 'We sent a 6-digit code', data: { ...flags, isEmailVerified: false, hasAddedBasicDetails: false } } } });
    const view = renderAt(<RegisterEmailPage />, '/auth');
    await submitCredentials(view);
    expect(await screen.findByRole('button', { name: 'Verify' })).toBeInTheDocument();
    // The screen is honest for both cases the server cannot tell apart: a new address gets a code, an
    // existing account gets a note, with the ways back to sign-in and to a password reset.
    expect(screen.getByRole('heading', { name: 'Verify your email' })).toBeInTheDocument();
    expect(screen.getByText(/is new here, we sent it a 6-digit code/)).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('Already have an account with this address? Then no code is coming: we emailed you a note instead.');
    expect(screen.getByRole('link', { name: 'Reset your password' })).toHaveAttribute('href', '/auth/forgot-password');
    expect(screen.getByLabelText('Email')).toBeDisabled();
    await view.user.click(screen.getByRole('button', { name: 'Back to sign-in' }));
    expect(await screen.findByRole('button', { name: 'Continue' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveValue('olive@example.com');
  });

  it('a valid code stores the registration token and goes to basic details', async () => {
    const calls = mockApi({
      'POST /api/users/register-email': { status: 201, body: { message: 'Code sent', data: { ...flags, isEmailVerified: false, hasAddedBasicDetails: false } } },
      'POST /api/users/verify-email-otp': { status: 200, body: { message: 'Verified', data: { ...flags, isEmailVerified: true, hasAddedBasicDetails: false, token: 'reg-token' } } },
    });
    const view = renderAt(<RegisterEmailPage />, '/auth');
    await submitCredentials(view);
    await view.user.type(await screen.findByLabelText('Verification code'), '123456');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled());
    await view.user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Basic details page')).toBeInTheDocument();
    expect(getRegistrationToken()).toBe('reg-token');
    expect(calls.at(-1)?.body).toEqual({ email: 'olive@example.com', password: 'Secret-123', otp: '123456' });
  });

  it('200 with basic details but no organisation: goes to organisation details', async () => {
    mockApi({ 'POST /api/users/register-email': { status: 200, body: { message: 'Welcome back', data: { ...flags, isEmailVerified: true, hasAddedBasicDetails: true, token: 'reg' } } } });
    const view = renderAt(<RegisterEmailPage />, '/auth');
    await submitCredentials(view);
    expect(await screen.findByText('Organisation page')).toBeInTheDocument();
    expect(getRegistrationToken()).toBe('reg');
  });

  it('isAlreadyRegistered: logs in, saves the token cookie and opens the dashboard', async () => {
    const calls = mockApi({
      'POST /api/users/register-email': { status: 200, body: { message: 'Signing you in', data: { ...flags, isAlreadyRegistered: true, isEmailVerified: true, hasAddedBasicDetails: true, hasAddedOrg: true } } },
      'POST /api/users/login': { status: 201, body: { message: 'Login successful', data: { ...flags, loginVerified: true, isEmailVerified: true, hasAddedBasicDetails: true, hasAddedOrg: true, isAlreadyRegistered: true, token: 'access-token', userDetails: user } } },
    });
    const view = renderAt(<RegisterEmailPage />, '/auth');
    await submitCredentials(view);
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
    expect(Cookies.get('token')).toBe('access-token');
    const writes = calls.filter((c) => c.path !== '/api/public/challenge');
    expect(writes.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/users/register-email', 'POST /api/users/login']);
    // The sign-up step carries a solved challenge; sign-in itself takes none.
    expect(writes[0].headers['x-challenge']).toMatch(/^[A-Za-z0-9_-]{200,}$/);
    expect(writes[1].headers['x-challenge']).toBeUndefined();
  });

  it('checks the connection once the person types (not on every visit), and Continue waits for it', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const calls = mockApi({
      'GET /api/public/challenge': async (_body, url) => {
        expect(url.searchParams.get('page')).toBe('sign-up');
        await gate;
        return { status: 200, body: { message: 'OK', data: await testChallenge(25) } };
      },
      'POST /api/users/register-email': { status: 201, body: { message: 'We sent a 6-digit code', data: { ...flags, isEmailVerified: false, hasAddedBasicDetails: false } } },
    });
    const view = renderAt(<RegisterEmailPage />, '/auth');
    // The status line is there (empty) from the first paint; nothing is fetched yet.
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(calls).toEqual([]);
    await view.user.type(screen.getByLabelText('Email'), 'olive@example.com');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Checking your connection...'));
    await view.user.type(screen.getByLabelText('Password'), 'Secret-123');
    await view.user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(calls.filter((c) => c.path === '/api/users/register-email')).toEqual([]);
    release();
    expect(await screen.findByRole('button', { name: 'Verify' })).toBeInTheDocument();
    const sent = calls.filter((c) => c.path === '/api/users/register-email');
    expect(sent).toHaveLength(1);
    expect(JSON.parse(atob(sent[0].headers['x-challenge'].replace(/-/g, '+').replace(/_/g, '/'))).solution.counter).toBe(25);
  });

  it('shows the server message in a red banner', async () => {
    mockApi({ 'POST /api/users/register-email': { status: 429, body: { message: 'Please wait a minute before asking for another code.' } } });
    const view = renderAt(<RegisterEmailPage />, '/auth');
    await submitCredentials(view);
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Please wait a minute before asking for another code.');
    expect(banner).toHaveClass('alert-danger');
  });
});
