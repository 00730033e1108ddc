// One report chart with its data as a table: the table is always there for screen readers (the canvas
// is hidden from them), and 'Table' shows it on screen instead of the chart.
import { Suspense, useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useNearViewport } from '../../../components/near-viewport';
import { ReportTable, type Column } from './report-table';

interface ChartCardProps {
  title: string;
  description?: ReactNode;
  columns: Column[];
  rows: (string | number)[][];
  /** A line under the table: totals, or what the figures mean. */
  footer?: (string | number)[];
  /**
   * Builds the chart, called only once it is drawn: its options read the theme's colours from the
   * computed style, which forces the browser to compute the page's style in the middle of React's render
   * (about 25 ms of a desktop's main thread at the reports' first render, once more for the style the
   * commit then changes).
   */
  chart: () => ReactNode;
  empty?: boolean;
}

// One chart drawn at a time: the charts that near the viewport together (their observers report in one
// task, so React would draw them in one render) take a task each, instead of one long task of Chart.js
// drawing them all (about 40 ms of a desktop's main thread for the first screen's charts, four times
// that on Lighthouse's phone).
const waiting: (() => void)[] = [];
let holder: (() => void) | null = null;

function pass() {
  holder = waiting.shift() ?? null;
  if (holder) setTimeout(holder);
}

/**
 * Asks for a turn: `start` runs in a task of its own once every turn asked before has ended. The
 * function returned ends the turn (once its chart is drawn) or withdraws it (a card taken away first).
 */
export function chartTurn(start: () => void): () => void {
  const mine = () => start();
  waiting.push(mine);
  if (!holder) pass();
  return () => {
    const i = waiting.indexOf(mine);
    if (i >= 0) waiting.splice(i, 1);
    else if (holder === mine) pass();
  };
}

/** Calls `onDrawn` once its children are in the page (their effects, Chart.js drawing, ran first). */
function AfterDraw({ onDrawn, children }: { onDrawn: () => void; children: ReactNode }) {
  useEffect(onDrawn, [onDrawn]);
  return children;
}

/** Near the viewport and its turn come: draw, then call `drawn` to pass the turn on. */
function useChartTurn(box: React.RefObject<HTMLElement | null>) {
  const near = useNearViewport(box);
  const [turn, setTurn] = useState(false);
  const end = useRef<() => void>(undefined);
  useEffect(() => {
    if (!near) return;
    const done = chartTurn(() => setTurn(true));
    end.current = done;
    return done;
  }, [near]);
  const drawn = useCallback(() => end.current?.(), []);
  return { turn, drawn };
}

// Chart.js draws a chart in one long task: the charts are drawn after the page's first paint, each in
// a task of its own (chartTurn), and those below the fold when they are scrolled near. The box keeps
// its height meanwhile, so nothing moves.
export function ChartCard({ title, description, columns, rows, footer, chart, empty }: ChartCardProps) {
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const { turn, drawn } = useChartTurn(box);
  return (
    <section className="card border-0 shadow-sm h-100 mw-100" aria-labelledby={`${id}-title`}>
      <div className="card-header bg-transparent d-flex flex-wrap align-items-center justify-content-between gap-2 py-3">
        <h2 id={`${id}-title`} className="h6 fw-bold mb-0">
          {title}
        </h2>
        <div className="btn-group btn-group-sm" role="group" aria-label={`${title}: view`}>
          <button type="button" className={`btn btn-outline-secondary${view === 'chart' ? ' active' : ''}`} aria-pressed={view === 'chart'} onClick={() => setView('chart')}>
            Chart
          </button>
          <button type="button" className={`btn btn-outline-secondary${view === 'table' ? ' active' : ''}`} aria-pressed={view === 'table'} onClick={() => setView('table')}>
            Table
          </button>
        </div>
      </div>
      <div className="card-body">
        {description && <p className="small text-body-secondary">{description}</p>}
        {empty && <p className="text-body-secondary mb-2">Nothing in this period yet.</p>}
        {/* Kept mounted while the table shows: Chart.js keeps its canvas and its resize listeners. */}
        {/* Chart.js sizes the canvas to this box: relative, its own height, free to shrink with the card. */}
        <div className={view === 'chart' ? 'position-relative' : 'd-none'} style={{ height: 260, minWidth: 0 }} aria-hidden="true" ref={box}>
          {/* The chart's code may still be loading (a lazy chunk): the box keeps its height. */}
          <Suspense fallback={null}>{turn && <AfterDraw onDrawn={drawn}>{chart()}</AfterDraw>}</Suspense>
        </div>
        <div className={view === 'table' ? 'table-responsive' : 'visually-hidden'}>
          <ReportTable columns={columns} caption={title} captionClassName="visually-hidden" rows={rows} footer={footer} />
        </div>
      </div>
    </section>
  );
}
