import { WEB_TEXT } from '@cab/shared';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';

type Range = { date_after: string; date_before: string };

const LABELS: Range = { date_after: WEB_TEXT.dateFrom, date_before: WEB_TEXT.dateTo };

/** The ends of a range that are set ('' is unset): what a query sends. */
export const rangeQuery = (range: Range): Partial<Range> => ({
  ...(range.date_after ? { date_after: range.date_after } : {}),
  ...(range.date_before ? { date_before: range.date_before } : {}),
});

/** From and To as date inputs over a range held by the caller (the statement, the exports); '' is unset. */
export function DateRangeFields({
  range,
  onChange,
  labels = LABELS,
  testIdPrefix,
}: {
  range: Range;
  onChange: (patch: Partial<Range>) => void;
  labels?: Range;
  testIdPrefix: string;
}) {
  return (
    <Stack direction="row" spacing={2} sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
      {(['date_after', 'date_before'] as const).map((name) => (
        <TextField
          key={name}
          size="small"
          type="date"
          label={labels[name]}
          sx={{ width: 180 }}
          value={range[name]}
          onChange={(e) => onChange({ [name]: e.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `${testIdPrefix}-${name}` } }}
        />
      ))}
    </Stack>
  );
}
