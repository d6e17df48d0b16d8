import { useEffect, useRef, useState } from 'react';

/** `value`, settled: it changes only after `delay` ms without a new value. */
export function useDebouncedValue<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const handle = window.setTimeout(() => setSettled(value), delay);
    return () => window.clearTimeout(handle);
  }, [value, delay]);
  return settled;
}

/**
 * A function that runs `callback` once `delay` ms have passed since its last call; a pending run
 * is dropped on unmount. The latest callback is used, so callers need not memoise it.
 */
export function useDebouncedCallback<A extends unknown[]>(
  callback: (...args: A) => void,
  delay: number,
): { run: (...args: A) => void; cancel: () => void } {
  const latest = useRef(callback);
  latest.current = callback;
  const delayRef = useRef(delay);
  delayRef.current = delay;
  const timer = useRef<number | undefined>(undefined);
  const api = useRef({
    run: (...args: A) => {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => latest.current(...args), delayRef.current);
    },
    cancel: () => window.clearTimeout(timer.current),
  });
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return api.current;
}
