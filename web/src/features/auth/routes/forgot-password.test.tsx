import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderAt } from '../../../testing/render';
import { ForgotPasswordPage } from './forgot-password';

describe('ForgotPasswordPage', { timeout: 20_000 }, () => {
  it('is titled Forgot Password ? and keeps Submit and Cancel disabled while the email is invalid', async () => {
    mockApi({});
    const { user } = renderAt(<ForgotPasswordPage />, '/auth/forgot-password');
    expect(screen.getByRole('heading', { name: 'Forgot Password ?' })).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Submit' });
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    expect(submit).toBeDisabled();
    expect(cancel).toBeDisabled();
    await user.type(screen.getByLabelText('Email'), 'nope');
    await user.tab();
    expect(await screen.findByText('Wrong email format')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'olive@example.com');
    await waitFor(() => expect(cancel).toBeEnabled());
    await user.click(cancel);
    expect(await screen.findByText('Auth page')).toBeInTheDocument();
  });

  it('shows the server error in a danger banner', async () => {
    mockApi({ 'POST /api/users/password/forgot': { status: 500, body: { message: 'Something went wrong on our side.' } } });
    const { user } = renderAt(<ForgotPasswordPage />, '/auth/forgot-password');
    await user.type(screen.getByLabelText('Email'), 'olive@example.com');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveClass('alert-danger');
    expect(banner).toHaveTextContent('Something went wrong on our side.');
  });

  it('after the code is sent: a success banner, then the code and a new password reset it', async () => {
    const calls = mockApi({
      'POST /api/users/password/forgot': { status: 200, body: { message: 'If an account exists for this email, we have sent it a code.' } },
      'POST /api/users/password/reset': { status: 200, body: { message: 'Your password has been changed. You can sign in now.' } },
    });
    const { user } = renderAt(<ForgotPasswordPage />, '/auth/forgot-password');
    await user.type(screen.getByLabelText('Email'), 'olive@example.com');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('If an account exists for this email, we have sent it a code.', { selector: '.alert div' })).toBeInTheDocument();
    const code = screen.getByLabelText('Reset code');
    await user.type(code, '12');
    await user.tab();
    expect(await screen.findByText('OTP must be 6 characters long')).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, '123456');
    await user.type(screen.getByLabelText('New password'), 'New-secret-1');
    await user.type(screen.getByLabelText('Confirm new password'), 'Different-1');
    await user.tab();
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'New-secret-1');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Reset Password' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Auth page')).toBeInTheDocument();
    expect(calls.at(-1)?.body).toEqual({ email: 'olive@example.com', otp: '123456', password: 'New-secret-1' });
  });
});
