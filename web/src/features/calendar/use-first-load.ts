// The calendar's first load: it shows once its items, hours and practitioners are in. Until then the
// card's body is hidden (the filters arrive with the data; a hidden element moving is no layout shift)
// and FullCalendar is not mounted, so it renders once with its final grid and items instead of again as
// each call answers (each a long task on a phone). It mounts hidden and is shown once it has named its
// dates (the header's title, which may take a second line on a phone) and a frame later, once it has
// sized its grid (its second pass). Later loads are in place.
import { useEffect, useState } from 'react';

/**
 * `inNow`: everything the first render needs has answered (or failed). `loaded` turns true then, and
 * stays; `ready` a frame after `loaded` once `title` is set.
 */
export function useFirstLoad(inNow: boolean, title: string) {
  const [loaded, setLoaded] = useState(false);
  const [ready, setReady] = useState(false);
  if (inNow && !loaded) setLoaded(true);
  useEffect(() => {
    if (!loaded || ready || !title) return;
    let timer: number | undefined;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => setReady(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [loaded, ready, title]);
  return { loaded, ready };
}
