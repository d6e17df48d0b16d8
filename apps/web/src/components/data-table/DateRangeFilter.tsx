import { REPORTS_WEB_TEXT as T } from '@cab/shared';
import TextField from '@mui/material/TextField';
import type { Params } from './listParams.ts';
import type { ListFilter } from './PagedDataTable.tsx';
import type { ListState } from './useListState.ts';

/** The from-to days of a list (SPEC 3 "from, to"): sent as date_after / date_before, both inclusive. */
// A type, not an interface: a list's filters must be string records (Params).
export type DateRange = { date_after: string; date_before: string };

const isReversed = (r: DateRange) => r.date_after !== '' && r.date_before !== '' && r.date_after > r.date_before;

/**
 * The range as a list sends it: the days that are set; none while it is reversed (the fields say
 * so, and the list stays as it was rather than answering with an error popup).
 */
export function sentRange(r: DateRange): DateRange {
  return isReversed(r) ? { date_after: '', date_before: '' } : { date_after: r.date_after, date_before: r.date_before };
}

/**
 * From and To date fields of a list's filter bar. A day is set at once (the browser's date field
 * gives '' until a whole date is typed); each field bounds the other's picker, and a reversed
 * pair is marked and not sent (sentRange).
 */
export function DateRangeFilter({
  value,
  onChange,
  testId,
}: {
  value: DateRange;
  onChange: (patch: Partial<DateRange>) => void;
  /** `${testId}-from` and `${testId}-to` on the inputs. */
  testId: string;
}) {
  const reversed = isReversed(value);
  const field = (name: keyof DateRange, label: string, suffix: string, bound: { min?: string; max?: string }) => (
    <TextField
      type="date"
      size="small"
      label={label}
      value={value[name]}
      error={reversed}
      helperText={reversed && name === 'date_before' ? T.rangeReversed : undefined}
      onChange={(e) => onChange({ [name]: e.target.value })}
      sx={{ width: { xs: '100%', sm: 170 } }}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: {
          'data-testid': `${testId}-${suffix}`,
          'aria-invalid': reversed,
          title: reversed ? T.rangeReversed : undefined,
          ...bound,
        },
      }}
    />
  );
  return (
    <>
      {field('date_after', T.from, 'from', { max: value.date_before || undefined })}
      {field('date_before', T.to, 'to', { min: value.date_after || undefined })}
    </>
  );
}

/** The range as one filter of a list's bar (`filters.fields`), on the list's own date_after and date_before. */
export function dateRangeField<F extends Params & DateRange>(
  list: Pick<ListState<F>, 'filters' | 'setFilters'>,
  testId: string,
): ListFilter<F> {
  return {
    kind: 'node',
    name: 'dates',
    node: (
      <DateRangeFilter
        value={list.filters}
        onChange={(patch) => list.setFilters(patch as Partial<F>)}
        testId={testId}
      />
    ),
  };
}
