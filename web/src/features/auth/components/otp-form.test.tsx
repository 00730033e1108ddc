import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../testing/render';
import { OtpForm } from './otp-form';

function setup() {
  const onVerify = vi.fn(() => Promise.resolve());
  const view = renderAt(
    <OtpForm email="olive@example.com" password="Secret-123" onVerify={onVerify} onResend={vi.fn(() => Promise.resolve())} onChangeEmail={vi.fn()} />,
    '/auth',
  );
  return { ...view, onVerify, otp: screen.getByLabelText('Verification code') };
}

describe('OtpForm (one-time-code mode)', { timeout: 20_000 }, () => {
  it('disables the email and password and labels the button Verify', () => {
    setup();
    expect(screen.getByLabelText('Email')).toBeDisabled();
    expect(screen.getByLabelText('Password')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled();
  });

  it('rejects any length but 6 with the verify-mode message', async () => {
    const { user, otp } = setup();
    await user.type(otp, '123');
    await user.tab();
    expect(await screen.findByText('OTP is required and must be 6 characters long')).toBeInTheDocument();
    await user.clear(otp);
    expect(await screen.findByText('OTP is required and must be 6 characters long')).toBeInTheDocument();
  });

  it('submits a 6-character code', async () => {
    const { user, otp, onVerify } = setup();
    await user.type(otp, '123456');
    const button = screen.getByRole('button', { name: 'Verify' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    await waitFor(() => expect(onVerify).toHaveBeenCalledWith('123456'));
  });
});
