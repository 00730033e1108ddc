// The combined screen's code steps on their own: the email's one-time code (honest for an existing
// account too, with the ways back) and the authenticator code.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../testing/render';
import { TwoFactorScreen } from './two-factor-screen';
import { VerifyEmailScreen } from './verify-email-screen';

const credentials = { email: 'olive@example.com', password: 'Secret-123' };

describe('VerifyEmailScreen', { timeout: 10_000 }, () => {
  it('names the address, shows the server status, and goes back to sign-in or to a password reset with the email', async () => {
    const onBack = vi.fn();
    const view = renderAt(
      <VerifyEmailScreen credentials={credentials} status={{ kind: 'success', text: 'We sent you a new code.' }} onVerify={vi.fn()} onResend={vi.fn()} onBack={onBack} />,
      '/auth',
      [{ path: '/auth/forgot-password', element: <h1>Forgot password page</h1> }],
    );
    expect(screen.getByRole('heading', { name: 'Verify your email' })).toBeInTheDocument();
    expect(screen.getByText('olive@example.com', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByText('We sent you a new code.')).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Back to sign-in' }));
    await view.user.click(screen.getByRole('button', { name: 'Use a different email' }));
    expect(onBack).toHaveBeenCalledTimes(2);
    await view.user.click(screen.getByRole('link', { name: 'Reset your password' }));
    expect(await screen.findByText('Forgot password page')).toBeInTheDocument();
    expect(view.router.state.location.state).toEqual({ email: 'olive@example.com' });
  });
});

describe('TwoFactorScreen', { timeout: 10_000 }, () => {
  it('asks for the code for the account being signed in to, and sends it', async () => {
    const onVerify = vi.fn(async () => {});
    const onCancel = vi.fn();
    const view = renderAt(<TwoFactorScreen email="olive@example.com" status={null} onVerify={onVerify} onCancel={onCancel} />, '/auth');
    expect(screen.getByRole('heading', { name: 'Two-step verification' })).toBeInTheDocument();
    expect(screen.getByText(/to sign in as/)).toHaveTextContent('Enter the code from your authenticator app to sign in as olive@example.com.');
    await view.user.type(screen.getByLabelText(/^Authentication code/), '123456');
    const verify = screen.getByRole('button', { name: 'Verify' });
    await waitFor(() => expect(verify).toBeEnabled());
    await view.user.click(verify);
    await waitFor(() => expect(onVerify).toHaveBeenCalledWith('123456'));
    await view.user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });
});
