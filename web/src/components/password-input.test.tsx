import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { PasswordInput } from './password-input';

/** A form that can write its password field itself, as 'Suggest a password' and a reset after saving do. */
function Form() {
  const { register, setValue, reset } = useForm({ defaultValues: { password: '' } });
  return (
    <form>
      <label htmlFor="password">Password</label>
      <PasswordInput id="password" {...register('password')} meter />
      <button type="button" onClick={() => setValue('password', 'Mixed-case-21-chars!x', { shouldDirty: true })}>
        Fill
      </button>
      <button type="button" onClick={() => reset()}>
        Reset
      </button>
    </form>
  );
}

describe('PasswordInput meter', () => {
  it('scores what is in the field, typed or written by the form', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Form />);
    const meter = screen.getByRole('meter', { name: 'Password strength' });
    await user.type(screen.getByLabelText('Password'), 'abc');
    expect(meter).toHaveAttribute('aria-valuenow', '1');
    await user.click(screen.getByRole('button', { name: 'Fill' }));
    expect(screen.getByLabelText('Password')).toHaveValue('Mixed-case-21-chars!x');
    await waitFor(() => expect(meter).toHaveAttribute('aria-valuenow', '5'));
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.getByLabelText('Password')).toHaveValue('');
    await waitFor(() => expect(meter).toHaveAttribute('aria-valuenow', '0'));
  });
});
