import { describe, expect, it } from 'vitest';
import { suggestPassword } from './password-suggestion';

describe('suggestPassword', () => {
  it('joins the names and adds one of each character class', () => {
    for (let i = 0; i < 50; i++) {
      expect(suggestPassword('Olive Owner', 'sam')).toMatch(/^OliveOwner_sam@[A-Z][a-z][0-9][@$!%*?&]$/);
    }
  });
});
