// A Field's required-ness reaches screen readers through its control, not through the hidden star.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Field, controlProps } from './field';

describe('Field and controlProps', () => {
  it('marks a required control aria-required, with the star hidden from screen readers', () => {
    render(
      <>
        <Field id="firstName" label="First name" required error="First name is required.">
          <input {...controlProps('firstName', 'First name is required.', { required: true })} />
        </Field>
        <Field id="middleName" label="Middle name">
          <select {...controlProps('middleName', undefined, { base: 'form-select' })} />
        </Field>
      </>,
    );
    const first = screen.getByRole('textbox', { name: 'First name' });
    expect(first).toHaveAttribute('aria-required', 'true');
    expect(first).toHaveAttribute('aria-invalid', 'true');
    expect(first).toHaveAccessibleDescription('First name is required.');
    expect(first).toHaveClass('form-control', 'is-invalid');
    expect(screen.getByText('*')).toHaveAttribute('aria-hidden', 'true');
    const middle = screen.getByRole('combobox', { name: 'Middle name' });
    expect(middle).not.toHaveAttribute('aria-required');
    expect(middle).toHaveClass('form-select');
    expect(middle).not.toHaveClass('is-invalid');
  });
});
