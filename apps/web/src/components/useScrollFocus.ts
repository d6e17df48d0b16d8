import { useEffect, useState } from 'react';

/**
 * A box that scrolls (a wide table on a phone, the planner's days) takes keyboard focus while its
 * content overflows, so it can be scrolled without a mouse (WCAG 2.1.1, axe
 * scrollable-region-focusable); a box that fits stays out of the tab order. Spread the answer on
 * the box: `<TableContainer {...useScrollFocus()}>`.
 */
export function useScrollFocus<T extends HTMLElement>(): { ref: (el: T | null) => void; tabIndex?: number } {
  const [element, setElement] = useState<T | null>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    if (!element) return;
    const check = () =>
      setOverflows(element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1);
    check();
    // The box's own size and its content's (rows arriving widen a table).
    const observer = new ResizeObserver(check);
    observer.observe(element);
    for (const child of Array.from(element.children)) observer.observe(child);
    return () => observer.disconnect();
  }, [element]);
  return overflows ? { ref: setElement, tabIndex: 0 } : { ref: setElement };
}
