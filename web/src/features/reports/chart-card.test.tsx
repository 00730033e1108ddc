// A chart is drawn once its box nears the viewport (after the first paint, or when scrolled near);
// its table is there from the start.
import { act, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChartCard, chartTurn } from './components/chart-card';

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
  it('draws its chart only when its box comes near the viewport, the table being there before', async () => {
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
    expect(await screen.findByTestId('chart')).toBeInTheDocument();
  });

  it('draws the charts that near the viewport together one at a time, each in a task of its own', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    // Each chart notes how many charts are in the page as it is drawn (Chart.js draws in an effect).
    const drawnBeside: number[] = [];
    function Chart() {
      useEffect(() => {
        drawnBeside.push(document.querySelectorAll('[data-testid="chart"]').length);
      }, []);
      return <canvas data-testid="chart" />;
    }
    const card = (n: number) => <ChartCard key={n} title={`Chart ${n}`} columns={[{ label: 'Week' }]} rows={[['1 Jan']]} chart={() => <Chart />} />;
    render(<>{[1, 2, 3].map(card)}</>);
    // Their observers report in one task: no chart is drawn in it.
    act(() => {
      for (const { callback, target } of observed) callback([{ isIntersecting: true, target } as IntersectionObserverEntry], {} as IntersectionObserver);
    });
    expect(screen.queryAllByTestId('chart')).toHaveLength(0);
    await waitFor(() => expect(screen.queryAllByTestId('chart')).toHaveLength(3));
    // Drawn one after the other, not together.
    expect(drawnBeside).toEqual([1, 2, 3]);
  });

  it('passes the turn on when a card waiting or drawing is taken away', async () => {
    const started: number[] = [];
    const first = chartTurn(() => started.push(1));
    const second = chartTurn(() => started.push(2));
    const third = chartTurn(() => started.push(3));
    second();
    await waitFor(() => expect(started).toEqual([1]));
    first();
    await waitFor(() => expect(started).toEqual([1, 3]));
    third();
  });
});
