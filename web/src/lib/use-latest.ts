// The latest value of a prop or callback, for an effect or a listener that must not start again when it
// changes (what React's useEffectEvent does; preact/compat, the public pages' runtime, has none).
import { useLayoutEffect, useRef } from 'react';

/**
 * A ref that holds `value` as of the last commit: set in a layout effect, so before any effect or
 * listener reads it, and never written during render (a render that React drops changes nothing).
 */
export function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
