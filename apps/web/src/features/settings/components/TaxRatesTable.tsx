import { SETTINGS_TEXT, US_STATES } from '@cab/shared';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { type Control, type FieldErrors, useWatch } from 'react-hook-form';
import { FormTextField } from '../../../components/form/FormTextField.tsx';
import { SmallTable } from '../../../components/SmallTable.tsx';
import type { GlobalSettingsValues } from './settingsForm.ts';

/**
 * One percentage input per state. Filtering only hides rows: hidden inputs keep their values
 * (react-hook-form keeps unmounted fields), so saving still sends every rate.
 */
export function TaxRatesTable({
  control,
  errors,
}: {
  control: Control<GlobalSettingsValues>;
  errors?: FieldErrors<GlobalSettingsValues>['tax_rates'];
}) {
  const [filter, setFilter] = useState('');
  const [onlyWithRate, setOnlyWithRate] = useState(false);
  const rates = useWatch({ control, name: 'tax_rates' });
  const needle = filter.trim().toLowerCase();
  const shown = US_STATES.filter(
    (s) =>
      // A state with an error stays visible so the message can be seen.
      errors?.[s.code] ||
      ((!needle || s.name.toLowerCase().includes(needle) || s.code.toLowerCase() === needle) &&
        (!onlyWithRate || rates?.[s.code]?.trim())),
  );

  return (
    <Card data-testid="tax-rates">
      <CardHeader title={SETTINGS_TEXT.taxRatesTitle} subheader={SETTINGS_TEXT.taxRatesHint} />
      <CardContent sx={{ pt: 0 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 1, alignItems: { sm: 'center' } }}>
          <TextField
            label={SETTINGS_TEXT.filterStates}
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            size="small"
            type="search"
            data-testid="tax-filter"
          />
          <FormControlLabel
            control={<Switch checked={onlyWithRate} onChange={(e) => setOnlyWithRate(e.target.checked)} />}
            label={SETTINGS_TEXT.onlyWithRate}
          />
        </Stack>
        <SmallTable
          container={{ sx: { maxHeight: 560 } }}
          stickyHeader
          head={
            <>
              <TableCell>{SETTINGS_TEXT.stateColumn}</TableCell>
              <TableCell sx={{ width: 180 }}>{SETTINGS_TEXT.rateColumn}</TableCell>
            </>
          }
        >
          {shown.map((s) => (
            <TableRow key={s.code} data-testid={`tax-row-${s.code}`}>
              <TableCell>
                {s.name} ({s.code})
              </TableCell>
              <TableCell>
                <FormTextField
                  control={control}
                  name={`tax_rates.${s.code}`}
                  size="small"
                  slotProps={{
                    htmlInput: { 'aria-label': SETTINGS_TEXT.taxRateLabel(s.name), inputMode: 'decimal' },
                  }}
                  fullWidth
                />
              </TableCell>
            </TableRow>
          ))}
        </SmallTable>
      </CardContent>
    </Card>
  );
}
