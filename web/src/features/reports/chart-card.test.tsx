// A chart is drawn once its box nears the viewport (after the first paint, or when scrolled near);
// its table is there from the start.
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChartCard } from './components/chart-card';

let observed: { callback: IntersectionObserverCallback; target?: Element }[] = [];
class FakeObserver {
  entry: { callback: IntersectionObserverCallback; target?: Element };
  constructor(callback: IntersectionObserverCallback) {
    this.entry = { callback };
    observed.push(this.entry);
  }
  observe(target: Element) {
    this.entry.target = target;
  }
  disconnect() {}
}

afterEach(() => {
  vi.unstubAllGlobals();
  observed = [];
});

describe('ChartCard', () => {
  it('draws its chart only when its box comes near the viewport, the table being there before', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    // Built only when drawn (its options read the computed style: a style recalculation mid-render).
    const chart = vi.fn(() => <canvas data-testid="chart" />);
    render(<ChartCard title="Appointments" columns={[{ label: 'Week' }]} rows={[['1 Jan']]} chart={chart} />);
    expect(screen.getByRole('table', { name: 'Appointments' })).toBeInTheDocument();
    expect(screen.queryByTestId('chart')).not.toBeInTheDocument();
    const { callback, target } = observed[0];
    act(() => callback([{ isIntersecting: false, target } as IntersectionObserverEntry], {} as IntersectionObserver));
    expect(screen.queryByTestId('chart')).not.toBeInTheDocument();
    expect(chart).not.toHaveBeenCalled();
    act(() => callback([{ isIntersecting: true, target } as IntersectionObserverEntry], {} as IntersectionObserver));
    expect(screen.getByTestId('chart')).toBeInTheDocument();
  });
});
