import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';

/** A row of radio buttons choosing one of a few values (e.g. personal or business account). */
export function RadioChoice<V extends string>({
  label,
  value,
  onChange,
  options,
}: {
  /** The accessible name of the group. */
  label: string;
  value: V;
  onChange: (value: V) => void;
  options: readonly (readonly [V, string])[];
}) {
  return (
    <RadioGroup row aria-label={label} value={value} onChange={(e) => onChange(e.target.value as V)}>
      {options.map(([option, text]) => (
        <FormControlLabel key={option} value={option} control={<Radio />} label={text} />
      ))}
    </RadioGroup>
  );
}
