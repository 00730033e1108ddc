// Spec section 2: checkbox fields have no label above them; each box's own text carries it (other
// fields keep theirs, with the red star when required).
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FormField } from '#shared/forms/types';
import { FormFieldInput } from './form-field-input';

/** The text a sighted visitor sees: everything but what is only for screen readers. */
function visibleText(container: HTMLElement): string {
  const copy = container.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('.visually-hidden').forEach((e) => e.remove());
  return copy.textContent ?? '';
}

describe('FormFieldInput', () => {
  it('shows no label above a checkbox group, only the text of each box, and keeps the group named', () => {
    const field: FormField = {
      id: 'consent', name: 'consent', label: 'Consent', type: 'checkbox', required: true,
      options: [{ id: 'o1', label: 'I agree to the terms', value: 'terms' }, { id: 'o2', label: 'Send me reminders', value: 'reminders' }],
    };
    const { container } = render(<FormFieldInput field={field} value={[]} onChange={() => undefined} />);
    expect(visibleText(container)).toBe('I agree to the termsSend me reminders');
    expect(container.querySelectorAll('.form-label')).toHaveLength(0);
    expect(screen.getByRole('group', { name: 'Consent' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'I agree to the terms' })).toBeInTheDocument();
  });

  it('shows a single checkbox with its label beside the box, none above', () => {
    const field: FormField = { id: 'agree', name: 'agree', label: 'I agree', type: 'checkbox', required: true };
    const { container } = render(<FormFieldInput field={field} value={false} onChange={() => undefined} />);
    expect(container.querySelectorAll('label')).toHaveLength(1);
    expect(container.querySelector('label')).toHaveClass('form-check-label');
    expect(screen.getByRole('checkbox', { name: 'I agree' })).toBeInTheDocument();
  });

  it('keeps the label above other fields, with the star when required', () => {
    const field: FormField = { id: 'name', name: 'name', label: 'Full name', type: 'text', required: true };
    const { container } = render(<FormFieldInput field={field} value="" onChange={() => undefined} />);
    expect(container.querySelector('label.form-label')?.textContent).toBe('Full name*');
  });
});
