// The two-step sign-in on the combined screen: the password step asks for a code, a right code
// signs in, a wrong one shows the server's message, and a recovery code can be used instead.
import { screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { describe, expect, it } from 'vitest';
import { mockApi, renderAt } from '../../testing/render';
import { RegisterEmailPage } from './routes/register-email';

const user = { id: 'u1', email: 'olive@example.com', firstName: 'Olive', lastName: 'Owner', isEmailVerified: true };
const registered = { isEmailVerified: true, hasAddedBasicDetails: true, hasAddedOrg: true };
const challenge = { status: 200, body: { message: 'Enter the code', data: { ...registered, loginVerified: false, isAlreadyRegistered: false, twoFactorRequired: true, challengeToken: 'challenge-1' } } };

async function toCodeStep(view: ReturnType<typeof renderAt>) {
  await view.user.type(screen.getByLabelText('Email'), 'olive@example.com');
  await view.user.type(screen.getByLabelText('Password'), 'Secret-123');
  await waitFor(() => expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled());
  await view.user.click(screen.getByRole('button', { name: 'Continue' }));
  return screen.findByLabelText('Authentication code');
}

describe('two-step sign-in', { timeout: 20_000 }, () => {
  it('asks for the code after the password, and signs in with the challenge token and the code', async () => {
    const calls = mockApi({
      'POST /api/users/register-email': { status: 200, body: { message: 'Welcome back', data: { ...registered, loginVerified: false, isAlreadyRegistered: true } } },
      'POST /api/users/login': challenge,
      'POST /api/users/login/two-factor': (body) =>
        (body as { code: string }).code === '123456'
          ? { status: 201, body: { message: 'Login successful', data: { ...registered, loginVerified: true, isAlreadyRegistered: true, token: 'access-1', userDetails: user } } }
          : { status: 401, body: { message: 'The code is incorrect. Please try again.' } },
    });
    const view = renderAt(<RegisterEmailPage />, '/auth');
    const input = await toCodeStep(view);
    expect(screen.getByRole('heading', { name: 'Two-step verification' })).toBeInTheDocument();
    expect(Cookies.get('token')).toBeUndefined();

    await view.user.type(input, '654321');
    await view.user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The code is incorrect. Please try again.');

    await view.user.clear(input);
    await view.user.type(input, '123456');
    await view.user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
    expect(Cookies.get('token')).toBe('access-1');
    expect(calls.filter((c) => c.path === '/api/users/login/two-factor').map((c) => c.body)).toEqual([
      { challengeToken: 'challenge-1', code: '654321' },
      { challengeToken: 'challenge-1', code: '123456' },
    ]);
    Cookies.remove('token');
  });

  it('takes a recovery code instead, and goes back to the password when the challenge expired', async () => {
    const calls = mockApi({
      'POST /api/users/register-email': { status: 200, body: { message: 'Welcome back', data: { ...registered, loginVerified: false, isAlreadyRegistered: true } } },
      'POST /api/users/login': challenge,
      'POST /api/users/login/two-factor': { status: 401, body: { message: 'Your sign-in has expired. Please sign in again.' } },
    });
    const view = renderAt(<RegisterEmailPage />, '/auth');
    await toCodeStep(view);
    await view.user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    await view.user.type(screen.getByLabelText('Recovery code'), 'abcde-fghjk');
    await view.user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('button', { name: 'Continue' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Your sign-in has expired. Please sign in again.');
    expect(calls.at(-1)?.body).toEqual({ challengeToken: 'challenge-1', code: 'abcde-fghjk' });
  });
});
