import type { ScanSessionType, Settings } from '@cab/shared';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { FieldBinding } from '../../../components/form/FormAutocomplete.tsx';

/**
 * A session's station (issue 35): the stations kept in Settings that do this type of scan (all of
 * them when none does) to pick from, and free text still taken (a station not kept yet).
 */
export function StationField({
  stations,
  type,
  label,
  testId,
  value,
  onChange,
  onBlur,
  inputRef,
  error,
  helperText,
}: FieldBinding<string> & {
  stations: Settings['stations'];
  type: ScanSessionType;
  label: string;
  testId: string;
}) {
  const doing = stations.filter((s) => s.scan_types.includes(type));
  const options = (doing.length ? doing : stations).map((s) => s.name);
  return (
    <Autocomplete<string, false, false, true>
      freeSolo
      autoHighlight
      options={options}
      value={value || null}
      inputValue={value}
      onInputChange={(_, text) => onChange(text)}
      onChange={(_, picked) => onChange(picked ?? '')}
      onBlur={onBlur}
      data-testid={testId}
      renderInput={(params) => (
        <TextField {...params} inputRef={inputRef} label={label} error={error} helperText={helperText} />
      )}
    />
  );
}
