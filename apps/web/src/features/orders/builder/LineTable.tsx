import { BUILDER_TEXT, formatMoney, HINGES, type LineItem, type Premium } from '@cab/shared';
import AddLinkOutlined from '@mui/icons-material/AddLinkOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlineRounded';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, type ReactNode, useEffect, useRef, useState } from 'react';
import { STICKY_ACTIONS } from '../../../components/data-table/DataTable.tsx';
import { AddLineField } from './AddLineField.tsx';
import type { LinePrices } from './pricing.ts';
import { type DraftItem, type Hinge, readQty } from './state.ts';

/** The cabinet's sizes and counts: numbers, right-aligned as the quantity and the prices are. */
const SIZE_COLUMNS = ['width', 'height', 'depth', 'nb_door', 'nb_drawer', 'nb_shelf'] as const;

/** SPEC 3 line-item table columns, in order; only the four price columns can be hidden. */
export const LINE_COLUMNS = [
  'line_item_number',
  'qty',
  'manufacturer_code',
  ...SIZE_COLUMNS,
  'finish',
  'price',
  'total_price',
  'final_price',
  'total_final_price',
  'description',
  'actions',
] as const;
export type LineColumn = (typeof LINE_COLUMNS)[number];

/** The four price columns and the line price each shows. */
const PRICE_OF = {
  price: 'unit_price',
  total_price: 'total_price',
  final_price: 'final_price',
  total_final_price: 'total_final_price',
} as const satisfies Partial<Record<LineColumn, keyof LinePrices>>;
type PriceColumn = keyof typeof PRICE_OF;
const isPriceColumn = (column: LineColumn): column is PriceColumn => column in PRICE_OF;
const PRICE_FIELDS = Object.values(PRICE_OF);
export const PRICE_COLUMNS: readonly LineColumn[] = LINE_COLUMNS.filter(isPriceColumn);

const ROW_HEIGHT = 49;
const ERROR_COLOR = 'var(--mui-palette-error-main, #d32f2f)';
const RIGHT: ReadonlySet<LineColumn> = new Set<LineColumn>(['qty', ...SIZE_COLUMNS, ...PRICE_COLUMNS]);

export interface LineHandlers {
  setQty: (id: string, qty: number) => void;
  setHinge: (id: string, hinge: Hinge | null) => void;
  setFinishedSide: (id: string, finishedSide: number | null) => void;
  remove: (id: string) => void;
  openAttach: (id: string, anchor: HTMLElement) => void;
  openBreakdown: (id: string) => void;
  /** Enter in a quantity: back to the code field for the next line. */
  qtyDone: () => void;
  focused: () => void;
}

const dim = (n: number | null) => (n === null ? '' : String(n));

// The line actions (hinge, finished side, attachment, breakdown, remove) stay at the table's right
// edge while the columns scroll under them: a wide table never hides them off-screen.
const HEAD = { whiteSpace: 'nowrap' } as const;
const CELL = { py: 0.25, whiteSpace: 'nowrap' } as const;
const ACTIONS_CELL = { ...CELL, ...STICKY_ACTIONS, zIndex: 1 } as const;
const ACTIONS_HEAD = { ...HEAD, ...STICKY_ACTIONS, zIndex: 3 } as const;
/**
 * The table's scroll box, painted on its own layer: a key typed in one group repaints that group's
 * rows only. Without it every frame (each key, each focus move) painted the whole page again, the
 * other groups' rows and their sticky cells included, so a line in the second 250-line group cost
 * about twice the paint of a line in the first (bench/builder-keyboard.mjs, Chrome trace).
 */
const SCROLL_BOX = { maxHeight: 560, overflow: 'auto', willChange: 'transform' } as const;

interface RowProps {
  item: DraftItem;
  lineNumber: number;
  prices: LinePrices;
  finish: string;
  visible: readonly LineColumn[];
  finishedSides: readonly Premium[];
  focusQty: boolean;
  handlers: LineHandlers;
  index: number;
  measure: (el: HTMLElement | null) => void;
}

function QtyInput({
  item,
  lineNumber,
  focus,
  handlers,
}: {
  item: DraftItem;
  lineNumber: number;
  focus: boolean;
  handlers: LineHandlers;
}) {
  const [text, setText] = useState(String(item.qty));
  /** What was typed and not taken (0, 2.5, 1e3): said on the field, never rewritten silently. */
  const [typedError, setTypedError] = useState<string | null>(null);
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    setText(String(item.qty));
    setTypedError(null);
  }, [item.qty]);
  useEffect(() => {
    if (focus && ref.current) {
      ref.current.focus();
      ref.current.select();
      handlers.focused();
    }
  }, [focus, handlers]);
  const error = typedError ?? item.errors?.qty?.join(' ') ?? null;
  const errorId = `qty-error-${item._id}`;
  return (
    <Box sx={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-end' }}>
      <input
        ref={ref}
        type="text"
        inputMode="numeric"
        aria-label={`${BUILDER_TEXT.qty} ${lineNumber}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        data-testid={`qty-${lineNumber}`}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          const read = readQty(e.target.value, item.qty);
          setTypedError(read.error);
          if (read.qty !== null) handlers.setQty(item._id, read.qty);
        }}
        onBlur={() => {
          // Left empty: the field shows the line's quantity again. Anything else stays as typed.
          if (text.trim() === '') setText(String(item.qty));
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            handlers.qtyDone();
          }
        }}
        style={{
          width: 56,
          font: 'inherit',
          padding: '4px 6px',
          textAlign: 'right',
          ...(error ? { outline: `2px solid ${ERROR_COLOR}` } : {}),
        }}
      />
      {error && (
        <Box
          component="span"
          id={errorId}
          role="alert"
          data-testid={`qty-error-${lineNumber}`}
          sx={{ color: 'error.main', typography: 'caption', whiteSpace: 'normal', maxWidth: 220, textAlign: 'right' }}
        >
          {error}
        </Box>
      )}
    </Box>
  );
}

const HINGE_OPTIONS = HINGES.map((h) => ({ value: h, label: h }));

/** A line's own choice (hinge, finished side): a native select, light enough for hundreds of rows; '' is none. */
function LineChoice({
  label,
  none,
  testId,
  value,
  options,
  onChange,
}: {
  label: string;
  none: string;
  testId: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <select aria-label={label} data-testid={testId} value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">{none}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

/** A line's action button: its title, and its line in the accessible name ("Remove line 12"). */
function LineAction({
  title,
  lineNumber,
  testId,
  onClick,
  icon,
}: {
  title: string;
  lineNumber: number;
  testId: string;
  onClick: (anchor: HTMLElement) => void;
  icon: ReactNode;
}) {
  return (
    <IconButton
      title={title}
      size="small"
      aria-label={`${title} ${lineNumber}`}
      data-testid={`${testId}-${lineNumber}`}
      onClick={(e) => onClick(e.currentTarget)}
    >
      {icon}
    </IconButton>
  );
}

/** One line: memoised, so an edit repaints that row only. */
const LineRow = memo(
  function LineRow({
    item,
    lineNumber,
    prices,
    finish,
    visible,
    finishedSides,
    focusQty,
    handlers,
    index,
    measure,
  }: RowProps) {
    const s = item.snap;
    const cell = (column: LineColumn) => {
      if (isPriceColumn(column)) return formatMoney(prices[PRICE_OF[column]]);
      switch (column) {
        case 'line_item_number':
          return item.is_attachment ? `↳ ${lineNumber}` : lineNumber;
        case 'qty':
          return <QtyInput item={item} lineNumber={lineNumber} focus={focusQty} handlers={handlers} />;
        case 'manufacturer_code': {
          const code = item.is_attachment ? <em>{s.code}</em> : <strong>{s.code}</strong>;
          const other = Object.entries(item.errors ?? {}).filter(([field]) => field !== 'qty');
          if (other.length === 0) return code;
          return (
            <>
              {code}
              <Box
                component="span"
                role="alert"
                data-testid={`line-error-${lineNumber}`}
                sx={{
                  display: 'block',
                  color: 'error.main',
                  typography: 'caption',
                  whiteSpace: 'normal',
                  maxWidth: 220,
                }}
              >
                {other.flatMap(([, messages]) => messages).join(' ')}
              </Box>
            </>
          );
        }
        case 'width':
          return dim(s.width);
        case 'height':
          return dim(s.height);
        case 'depth':
          return dim(s.depth);
        case 'nb_door':
          return s.nb_base_door + s.nb_wall_door + s.nb_tall_door;
        case 'nb_drawer':
          return s.nb_drawer;
        case 'nb_shelf':
          return s.nb_shelf;
        case 'finish':
          return item.is_attachment ? '' : finish;
        case 'description':
          return (
            <Box
              component="span"
              title={s.description}
              sx={{ display: 'block', maxWidth: 260, overflow: 'hidden', textOverflow: 'ellipsis' }}
            >
              {s.description}
            </Box>
          );
        case 'actions':
          return (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
              {!item.is_attachment && (
                <>
                  <LineChoice
                    label={`${BUILDER_TEXT.hinge} ${lineNumber}`}
                    none={BUILDER_TEXT.hinge}
                    testId={`hinge-${lineNumber}`}
                    value={item.hinge ?? ''}
                    options={HINGE_OPTIONS}
                    onChange={(value) => handlers.setHinge(item._id, value === '' ? null : (value as Hinge))}
                  />
                  <LineChoice
                    label={`${BUILDER_TEXT.finishedSide} ${lineNumber}`}
                    none={BUILDER_TEXT.finishedSide}
                    testId={`finished-side-${lineNumber}`}
                    value={item.finished_side === null ? '' : String(item.finished_side)}
                    options={finishedSides.map((f) => ({ value: String(f.id), label: f.code }))}
                    onChange={(value) => handlers.setFinishedSide(item._id, value === '' ? null : Number(value))}
                  />
                  <LineAction
                    title={BUILDER_TEXT.addAttachment}
                    lineNumber={lineNumber}
                    testId="attach"
                    onClick={(anchor) => handlers.openAttach(item._id, anchor)}
                    icon={<AddLinkOutlined fontSize="small" />}
                  />
                </>
              )}
              <LineAction
                title={BUILDER_TEXT.priceBreakdown}
                lineNumber={lineNumber}
                testId="breakdown"
                onClick={() => handlers.openBreakdown(item._id)}
                icon={<ReceiptLongOutlined fontSize="small" />}
              />
              <LineAction
                title={BUILDER_TEXT.removeLine}
                lineNumber={lineNumber}
                testId="remove"
                onClick={() => handlers.remove(item._id)}
                icon={<DeleteOutline fontSize="small" />}
              />
            </Box>
          );
      }
    };
    return (
      <TableRow
        ref={measure}
        data-index={index}
        data-testid={`line-${s.code}`}
        data-line={lineNumber}
        data-live={prices.live ? 'true' : 'false'}
        sx={{ height: ROW_HEIGHT, ...(item.is_attachment ? { bgcolor: 'action.hover' } : {}) }}
      >
        {visible.map((column) => (
          <TableCell
            key={column}
            align={RIGHT.has(column) ? 'right' : 'left'}
            sx={column === 'actions' ? ACTIONS_CELL : CELL}
            data-col={column}
          >
            {cell(column)}
          </TableCell>
        ))}
      </TableRow>
    );
  },
  (a, b) =>
    a.item === b.item &&
    a.lineNumber === b.lineNumber &&
    a.finish === b.finish &&
    a.visible === b.visible &&
    a.finishedSides === b.finishedSides &&
    a.focusQty === b.focusQty &&
    a.handlers === b.handlers &&
    a.index === b.index &&
    a.measure === b.measure &&
    PRICE_FIELDS.every((field) => a.prices[field] === b.prices[field]) &&
    a.prices.live === b.prices.live,
);

/**
 * A group's lines, virtualised (only the rows in view are in the page), so a 500-line group
 * scrolls and edits as fast as a 5-line one.
 */
export function LineTable({
  items,
  firstLineNumber,
  pricesOf,
  finish,
  visible,
  finishedSides,
  focusId,
  handlers,
  onAttach,
}: {
  items: readonly DraftItem[];
  firstLineNumber: number;
  pricesOf: (item: DraftItem) => LinePrices;
  finish: string;
  visible: readonly LineColumn[];
  finishedSides: readonly Premium[];
  focusId: string | null;
  handlers: LineHandlers;
  onAttach: (parentId: string, item: LineItem) => void;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    getItemKey: (index) => items[index]?._id ?? index,
    // Rows before the first measure (a tab opened in the background has no layout yet).
    initialRect: { width: 1200, height: 560 },
  });
  const [attach, setAttach] = useState<{ parentId: string; anchor: HTMLElement } | null>(null);

  useEffect(() => {
    if (focusId === null) return;
    const index = items.findIndex((i) => i._id === focusId);
    if (index >= 0) virtualizer.scrollToIndex(index, { align: 'auto' });
  }, [focusId, items, virtualizer]);

  const rowHandlers = useRef(handlers);
  rowHandlers.current = handlers;
  // The attach button opens the picker here; the other handlers go through as given.
  const [withAttach] = useState<LineHandlers>(() => ({
    setQty: (id, qty) => rowHandlers.current.setQty(id, qty),
    setHinge: (id, hinge) => rowHandlers.current.setHinge(id, hinge),
    setFinishedSide: (id, side) => rowHandlers.current.setFinishedSide(id, side),
    remove: (id) => rowHandlers.current.remove(id),
    openAttach: (id, anchor) => setAttach({ parentId: id, anchor }),
    openBreakdown: (id) => rowHandlers.current.openBreakdown(id),
    qtyDone: () => rowHandlers.current.qtyDone(),
    focused: () => rowHandlers.current.focused(),
  }));

  const virtualRows = virtualizer.getVirtualItems();
  const total = virtualizer.getTotalSize();
  const padTop = virtualRows.length > 0 ? (virtualRows[0]?.start ?? 0) : 0;
  const padBottom = virtualRows.length > 0 ? total - (virtualRows[virtualRows.length - 1]?.end ?? 0) : 0;

  return (
    <>
      <TableContainer ref={scrollRef} sx={SCROLL_BOX} data-testid="line-table">
        <Table size="small" stickyHeader>
          <TableHead>
            <TableRow>
              {visible.map((column) => (
                <TableCell
                  key={column}
                  align={RIGHT.has(column) ? 'right' : 'left'}
                  sx={column === 'actions' ? ACTIONS_HEAD : HEAD}
                >
                  {BUILDER_TEXT.columns[column]}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {padTop > 0 && <tr style={{ height: padTop }} aria-hidden />}
            {virtualRows.map((v) => {
              const item = items[v.index] as DraftItem;
              return (
                <LineRow
                  key={item._id}
                  index={v.index}
                  measure={virtualizer.measureElement}
                  item={item}
                  lineNumber={firstLineNumber + v.index}
                  prices={pricesOf(item)}
                  finish={finish}
                  visible={visible}
                  finishedSides={finishedSides}
                  focusQty={focusId === item._id}
                  handlers={withAttach}
                />
              );
            })}
            {padBottom > 0 && <tr style={{ height: padBottom }} aria-hidden />}
          </TableBody>
        </Table>
      </TableContainer>
      <Popover
        open={attach !== null}
        anchorEl={attach?.anchor}
        onClose={() => setAttach(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        data-testid="attach-popover"
      >
        <Box sx={{ p: 2, width: { xs: 'calc(100vw - 64px)', sm: 360 } }}>
          {attach && (
            <AddLineField
              attachments
              autoFocus
              label={BUILDER_TEXT.attachmentCode}
              testId="attachment-code"
              onEscape={() => setAttach(null)}
              onAdd={(item) => {
                const parentId = attach.parentId;
                setAttach(null);
                onAttach(parentId, item);
              }}
            />
          )}
        </Box>
      </Popover>
    </>
  );
}
