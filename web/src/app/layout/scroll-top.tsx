import { useEffect, useState } from 'react';

export const SCROLL_TOP_OFFSET = 200;

/** Whether the page is scrolled past an offset (scroll-to-top and the sticky header). */
export function useScrolledPast(offset = SCROLL_TOP_OFFSET): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > offset);
    // Reading scrollY lays the page out: on mount, in the next frame (which lays it out anyway)
    // rather than in the task that renders the shell.
    const frame = window.requestAnimationFrame(update);
    window.addEventListener('scroll', update, { passive: true });
    return () => {
      window.cancelAnimationFrame(frame);
      window.removeEventListener('scroll', update);
    };
  }, [offset]);
  return past;
}

export function ScrollTop({ visible }: { visible: boolean }) {
  const toTop = () => {
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
    document.getElementById('main')?.focus({ preventScroll: true });
  };
  return (
    <button type="button" className={`scroll-top${visible ? ' is-visible' : ''}`} onClick={toTop} aria-label="Scroll to top" tabIndex={visible ? 0 : -1} aria-hidden={!visible}>
      <i className="bi bi-arrow-up" aria-hidden="true" />
    </button>
  );
}
