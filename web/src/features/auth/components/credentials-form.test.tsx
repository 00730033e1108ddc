import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../testing/render';
import { CredentialsForm } from './credentials-form';

type Submit = (values: { email: string; password: string }) => Promise<Record<string, string> | void>;

function setup(onSubmit: Submit = vi.fn(() => Promise.resolve(undefined))) {
  const view = renderAt(<CredentialsForm onSubmit={onSubmit} />, '/auth');
  return { ...view, onSubmit, email: screen.getByLabelText('Email'), password: screen.getByLabelText('Password') };
}

describe('CredentialsForm validation (spec section 5)', { timeout: 20_000 }, () => {
  it('requires an email', async () => {
    const { user, email } = setup();
    await user.click(email);
    await user.tab();
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
  });

  it('rejects a wrong email format', async () => {
    const { user, email } = setup();
    await user.type(email, 'not-an-email');
    await user.tab();
    expect(await screen.findByText('Wrong email format')).toBeInTheDocument();
  });

  it('rejects emails shorter than 3 and longer than 50 symbols', async () => {
    const { user, email } = setup();
    await user.type(email, 'ab');
    await user.tab();
    expect(await screen.findByText('Minimum 3 symbols')).toBeInTheDocument();
    await user.clear(email);
    await user.type(email, `${'a'.repeat(45)}@example.com`);
    expect(await screen.findByText('Maximum 50 symbols')).toBeInTheDocument();
  });

  it('requires a password of 3 to 50 symbols', async () => {
    const { user, password } = setup();
    await user.click(password);
    await user.tab();
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    await user.type(password, 'ab');
    expect(await screen.findByText('Minimum 3 symbols')).toBeInTheDocument();
    await user.type(password, 'x'.repeat(60));
    expect(await screen.findByText('Maximum 50 symbols')).toBeInTheDocument();
  });

  it('keeps the button disabled until the input is valid, then submits it', async () => {
    const { user, email, password, onSubmit } = setup();
    const button = screen.getByRole('button', { name: 'Continue' });
    expect(button).toBeDisabled();
    await user.type(email, 'Olive@Example.com');
    await user.type(password, 'Secret-123');
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ email: 'olive@example.com', password: 'Secret-123' }));
  });

  it('shows and hides the password, and links to Forgot Password ?', async () => {
    const { user, password } = setup();
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Forgot Password ?' })).toHaveAttribute('href', '/auth/forgot-password');
  });

  it('puts the server field messages on the inputs', async () => {
    const { user, email, password } = setup(vi.fn<Submit>(() => Promise.resolve({ email: 'This email cannot be used' })));
    await user.type(email, 'olive@example.com');
    await user.type(password, 'Secret-123');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('This email cannot be used')).toBeInTheDocument();
  });
});
