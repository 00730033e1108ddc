import { vi } from 'vitest';

/**
 * The URLs the stubbed fetch was called with, in order, queries included (mockApi records paths only).
 * The console calls fetch with a string; a URL or a Request would give its href.
 */
export function fetchedUrls(): string[] {
  return vi.mocked(fetch).mock.calls.map(([input]) => (typeof input === 'string' ? input : input instanceof URL ? input.href : input.url));
}
