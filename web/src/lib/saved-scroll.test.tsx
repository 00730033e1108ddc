import { render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readScroll, useSavedScroll, writeScroll } from './saved-scroll';

function Area() {
  const ref = useRef<HTMLDivElement>(null);
  useSavedScroll(ref, 'test_area');
  return <div ref={ref} data-testid="area" />;
}

afterEach(() => {
  document.cookie = 'scroll_test_area_st=; path=/; max-age=0';
  vi.useRealTimers();
});

describe('useSavedScroll', () => {
  it('restores the saved position and saves a new one 200 ms after scrolling', () => {
    writeScroll('test_area', 120);
    const { getByTestId } = render(<Area />);
    const area = getByTestId('area');
    expect(area.scrollTop).toBe(120);
    vi.useFakeTimers();
    area.scrollTop = 300;
    area.dispatchEvent(new Event('scroll'));
    expect(readScroll('test_area')).toBe(120);
    vi.advanceTimersByTime(200);
    expect(readScroll('test_area')).toBe(300);
  });
});
