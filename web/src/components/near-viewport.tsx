// Work the first screen does not show waits until it is scrolled near: a chart, the lower cards of a
// long page. Lighthouse and a phone's first paint then pay only for what is on screen.
import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * True once the box is near the viewport (and stays true): when the observer first reports (after the
 * first paint) for a box already near, or when it is scrolled near. Without IntersectionObserver (an
 * old browser, jsdom) at once.
 */
export function useNearViewport(ref: React.RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const box = ref.current;
    if (near || !box) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: '200px' },
    );
    observer.observe(box);
    return () => observer.disconnect();
  }, [near, ref]);
  return near;
}

/**
 * Renders its children (which may be lazy: they suspend here) once its place nears the viewport; an
 * empty box of about their height holds the place meanwhile, so the page keeps its length and what
 * sits on screen does not move.
 */
export function NearViewport({ minHeight, children }: { minHeight: number; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const near = useNearViewport(box);
  const placeholder = <div ref={box} style={{ minHeight }} aria-hidden="true" data-testid="near-viewport-placeholder" />;
  return near ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder;
}
