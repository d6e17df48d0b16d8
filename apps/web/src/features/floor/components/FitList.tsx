import { FLOOR_TEXT as F } from '@cab/shared';
import Box from '@mui/material/Box';
import { cloneElement, type ReactElement, type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Panel, Quiet, Rows } from './board.tsx';

/** How long a page of a long list stays on the TV before the next one. */
const PAGE_MS = 8_000;

function useReducedMotion(): boolean {
  const query = '(prefers-reduced-motion: reduce)';
  const [reduced, setReduced] = useState(() => window.matchMedia?.(query).matches ?? false);
  useEffect(() => {
    const media = window.matchMedia?.(query);
    if (!media) return;
    const changed = () => setReduced(media.matches);
    media.addEventListener('change', changed);
    return () => media.removeEventListener('change', changed);
  }, []);
  return reduced;
}

/** What a board list shows: its rows, how many there are in all, whether it pages. */
interface ListProps<T> {
  items: readonly T[];
  /** One row: an `<li>`. */
  render: (item: T) => ReactElement<Record<string, unknown>>;
  total?: number;
  /** false: the first rows stay (the newest scans), never paged. */
  paged?: boolean;
}

/**
 * A panel of the board that ends in its list: the list is named by the panel's title, and on the TV
 * (`fill`) it fits the height the panel fills. `children` come before the list; `empty`, when given,
 * is said instead of an empty list.
 */
export function ListPanel<T>({
  title,
  testId,
  fill,
  empty,
  children,
  ...list
}: ListProps<T> & { title: string; testId: string; fill: boolean; empty?: string; children?: ReactNode }) {
  return (
    <Panel title={title} testId={testId} fill={fill}>
      {children}
      {empty !== undefined && list.items.length === 0 ? (
        <Quiet>{empty}</Quiet>
      ) : (
        <FitList label={title} testId={testId} fit={fill} {...list} />
      )}
    </Panel>
  );
}

/**
 * One list of the board. On the TV (`fit`, issue 35) it takes the height its panel leaves: the
 * rows that fit whole are shown and the rest counted ("and N more"); a longer list turns its pages
 * every few seconds, unless the screen asks for reduced motion (then the first page stays). Rows
 * past the fit stay laid out but hidden, so a taller screen is measured again without a refetch.
 * Off the TV every row given is shown, and `total` counts those not fetched.
 */
function FitList<T>({
  label,
  items,
  render,
  fit,
  total = items.length,
  testId,
  paged = true,
}: ListProps<T> & { label: string; fit: boolean; testId: string }) {
  const box = useRef<HTMLDivElement>(null);
  const reduced = useReducedMotion();
  const [fits, setFits] = useState(items.length);
  const [start, setStart] = useState(0);
  const [, setHeight] = useState(0);
  const turns = fit && paged && !reduced;
  const from = !turns || start >= items.length ? 0 : start;
  const rows = items.slice(from);
  const shown = fit ? Math.min(fits, rows.length) : rows.length;

  // After each render: how many rows fit whole in the box (offsetTop is the box's: it is positioned).
  useLayoutEffect(() => {
    if (!fit || !box.current) return;
    const limit = box.current.clientHeight;
    let n = 0;
    for (const li of box.current.querySelectorAll<HTMLElement>(':scope > ul > li')) {
      if (li.offsetTop + li.offsetHeight > limit + 0.5) break;
      n += 1;
    }
    setFits(n);
  });
  useEffect(() => {
    if (!fit || !box.current) return;
    const observer = new ResizeObserver(([entry]) => setHeight(entry?.contentRect.height ?? 0));
    observer.observe(box.current);
    return () => observer.disconnect();
  }, [fit]);
  // The next page after a while; after the last, the first again.
  useEffect(() => {
    if (!turns || shown === 0 || (from === 0 && shown >= items.length)) return;
    const timer = setTimeout(() => setStart(from + shown >= items.length ? 0 : from + shown), PAGE_MS);
    return () => clearTimeout(timer);
  }, [turns, from, shown, items.length]);

  const more = Math.max(0, total - shown);
  const pages = fit && shown > 0 ? Math.ceil(items.length / shown) : 1;
  const list = (
    <Rows label={label}>
      {rows.map((item, i) =>
        i < shown ? render(item) : cloneElement(render(item), { 'aria-hidden': true, style: { visibility: 'hidden' } }),
      )}
    </Rows>
  );
  return (
    <>
      {fit ? (
        <Box ref={box} sx={{ position: 'relative', flex: '1 1 0', minHeight: 0, overflow: 'hidden' }}>
          {list}
        </Box>
      ) : (
        list
      )}
      {more > 0 && (
        <Box data-testid={`${testId}-more`} data-page={Math.floor(from / Math.max(1, shown)) + 1}>
          <Quiet>
            {F.more(more)}
            {pages > 1 && turns ? ` · ${F.page(Math.min(pages, Math.floor(from / shown) + 1), pages)}` : ''}
          </Quiet>
        </Box>
      )}
    </>
  );
}
