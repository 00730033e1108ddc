import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PasswordMeter, passwordScore } from './password-meter';

describe('password strength meter (spec section 5)', () => {
  it('scores five equal checks, each switchable', () => {
    expect(passwordScore('')).toEqual({ score: 0, max: 5 });
    expect(passwordScore('abc')).toEqual({ score: 1, max: 5 });
    expect(passwordScore('abcdefgh')).toEqual({ score: 2, max: 5 });
    expect(passwordScore('Abcdefg1!')).toEqual({ score: 5, max: 5 });
    expect(passwordScore('Abcdefg1!', { special: false, uppercase: false })).toEqual({ score: 3, max: 3 });
  });

  it('lights one bar segment per passing check, with no messages', () => {
    const { container } = render(<PasswordMeter value="abcdefgh" />);
    const bars = container.querySelectorAll('.password-meter-bar');
    expect(bars).toHaveLength(5);
    expect([...bars].filter((b) => !b.classList.contains('bg-body-secondary'))).toHaveLength(2);
    expect(screen.getByRole('meter')).toHaveAttribute('aria-valuenow', '2');
  });
});
