// The calendar's view and date live in the URL (?view=day|team|week|month|list&date=YYYY-MM-DD), so links
// and the back button work: read here, and changed by `go`, which keeps what it is not given.
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { defaultView, isIsoDate, isViewName, type ViewName } from './lib';

/** `initialWidth`: the window's width at the first render (a phone's default view is the list). */
export function useCalendarUrl(initialWidth: number) {
  const [params, setParams] = useSearchParams();
  const view: ViewName = isViewName(params.get('view')) ? (params.get('view') as ViewName) : defaultView(initialWidth);
  const date = isIsoDate(params.get('date')) ? params.get('date')! : undefined;
  const go = useCallback(
    (next: { view?: ViewName; date?: string }) => {
      const p = new URLSearchParams(params);
      p.set('view', next.view ?? view);
      const d = next.date ?? date;
      if (d) p.set('date', d);
      setParams(p);
    },
    [params, setParams, view, date],
  );
  return { params, view, date, go };
}
