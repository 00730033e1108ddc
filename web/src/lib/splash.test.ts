import { afterEach, describe, expect, it, vi } from 'vitest';
import { endFlash, flashSplash } from './splash';

afterEach(() => {
  vi.useRealTimers();
});

describe('the splash flash of a layout switch', () => {
  it('shows the splash, and endFlash hides it and leaves no timer behind', () => {
    vi.useFakeTimers();
    flashSplash();
    expect(document.body.classList.contains('page-loading')).toBe(true);
    expect(vi.getTimerCount()).toBe(1);
    endFlash();
    expect(document.body.classList.contains('page-loading')).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });
});
