import { describe, expect, it } from 'vitest';
import { SUGGESTION_SYMBOLS, suggestPassword } from './password-suggestion';

describe('suggestPassword (spec section 5)', () => {
  it('joins the names and adds one of each character class', () => {
    for (let i = 0; i < 50; i++) {
      expect(suggestPassword('Olive Owner', 'sam')).toMatch(/^OliveOwner_sam@[A-Z][a-z][0-9][@$!%*?&]$/);
    }
  });

  it('draws the symbol from exactly @$!%*?&, and varies every random character', () => {
    expect(SUGGESTION_SYMBOLS).toBe('@$!%*?&');
    const tails = Array.from({ length: 400 }, () => suggestPassword('a', 'b').slice('a_b@'.length));
    for (let position = 0; position < 4; position++) {
      expect(new Set(tails.map((t) => t[position])).size).toBeGreaterThan(4);
    }
    expect(new Set(tails.map((t) => t[3]))).toEqual(new Set(SUGGESTION_SYMBOLS));
  });

  it('meets the strength meter: at least 8 characters with all four classes', () => {
    const suggestion = suggestPassword('Al', 'Bo');
    expect(suggestion.length).toBeGreaterThanOrEqual(8);
    for (const cls of [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/]) expect(suggestion).toMatch(cls);
  });
});
