import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { Fragment, type ReactNode } from 'react';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { FormSelect } from './FormSelect.tsx';
import { FormCheckbox, FormSwitch } from './FormSwitch.tsx';
import { FormPasswordField, FormTextField } from './FormTextField.tsx';
import { FIELD_SIZES, type FieldSize } from './layout.ts';
import type { SelectOption } from './SelectField.tsx';

/** One field of a form, declared rather than laid out (decision 0022). */
export interface FieldSpec<T extends FieldValues> {
  name: Path<T>;
  label?: string;
  /** `money`: an amount in dollars and cents, typed as text (parseMoney reads it) on the decimal keypad. */
  /** `date`: the browser's date picker, shown in the reader's own format (the value stays YYYY-MM-DD). */
  type?:
    | 'text'
    | 'email'
    | 'tel'
    | 'number'
    | 'money'
    | 'date'
    | 'password'
    | 'multiline'
    | 'select'
    | 'switch'
    | 'checkbox';
  /** Given: the field sits in a grid cell of that width (FIELD_SIZES); else it takes the full row. */
  size?: FieldSize;
  required?: boolean;
  autoFocus?: boolean;
  disabled?: boolean;
  autoComplete?: string;
  helperText?: ReactNode;
  /** multiline: the rows shown at least. */
  minRows?: number;
  /** number: the least and the greatest value the browser offers. */
  min?: number;
  max?: number;
  /** select: the values and what they show as. */
  options?: readonly SelectOption[];
  labels?: Partial<Record<string, ReactNode>>;
  /** select: a first choice '' (none) that shows as this. */
  noneLabel?: ReactNode;
  /** select: the browser's own select (FormSelect `native`). */
  native?: boolean;
  /** text: what the phone keyboard offers (`decimal` for a measure). */
  inputMode?: 'decimal' | 'numeric';
  testId?: string;
  /** A field of its own kind (a price, an autocomplete, a read-only copy): rendered in the field's place. */
  element?: ReactNode;
}

/** A heading between a grid form's fields ("Dimensions", "Counts"): a full row. */
interface FormSection {
  section: ReactNode;
}

/** A form's fields as declared: `false`/null for a field this user does not get, `{ section }` for a heading. */
export type FieldList<T extends FieldValues> = readonly (FieldSpec<T> | FormSection | false | null | undefined)[];

/**
 * A form's fields from a list; `false`/null entries (a field this user does not get) are skipped,
 * `{ section }` entries head the fields after them (grid forms).
 */
export function FormFields<T extends FieldValues>({ control, fields }: { control: Control<T>; fields: FieldList<T> }) {
  return (
    <>
      {fields.map((spec, index) => {
        if (!spec) return null;
        if ('section' in spec) {
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a heading's place in a fixed list is its identity
            <Grid key={`section-${index}`} size={12}>
              <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
                {spec.section}
              </Typography>
            </Grid>
          );
        }
        const field = spec.element ?? <FieldOf control={control} spec={spec} fullWidth={spec.size !== undefined} />;
        return spec.size ? (
          <Grid key={spec.name} size={FIELD_SIZES[spec.size]}>
            {field}
          </Grid>
        ) : (
          <Fragment key={spec.name}>{field}</Fragment>
        );
      })}
    </>
  );
}

function FieldOf<T extends FieldValues>({
  control,
  spec,
  fullWidth,
}: {
  control: Control<T>;
  spec: FieldSpec<T>;
  fullWidth: boolean;
}) {
  const { name, label, type = 'text', required, autoFocus, disabled, autoComplete, helperText, testId } = spec;
  const common = { control, name, label, required, autoFocus, disabled, autoComplete, helperText, fullWidth };
  const more = testId ? { 'data-testid': testId } : {};
  switch (type) {
    case 'select':
      return (
        <FormSelect
          {...common}
          {...more}
          options={spec.options ?? []}
          labels={spec.labels}
          noneLabel={spec.noneLabel}
          native={spec.native}
        />
      );
    case 'switch':
      return <FormSwitch control={control} name={name} label={label ?? ''} testId={testId} />;
    case 'checkbox':
      return <FormCheckbox control={control} name={name} label={label ?? ''} testId={testId} />;
    case 'password':
      return <FormPasswordField {...common} {...more} />;
    case 'multiline':
      return <FormTextField {...common} {...more} multiline minRows={spec.minRows} />;
    case 'number':
      return (
        <FormTextField
          {...common}
          {...more}
          type="number"
          slotProps={{ htmlInput: { min: spec.min, max: spec.max } }}
        />
      );
    case 'date':
      return <FormTextField {...common} {...more} type="date" slotProps={{ inputLabel: { shrink: true } }} />;
    default: {
      const inputMode = type === 'money' ? 'decimal' : spec.inputMode;
      return (
        <FormTextField
          {...common}
          {...more}
          type={type === 'text' || type === 'money' ? undefined : type}
          slotProps={inputMode ? { htmlInput: { inputMode } } : undefined}
        />
      );
    }
  }
}
