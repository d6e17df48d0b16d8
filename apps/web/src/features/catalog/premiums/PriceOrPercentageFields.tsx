import { CATALOG_TEXT } from '@cab/shared';
import Grid from '@mui/material/Grid';
import type { UseFormReturn } from 'react-hook-form';
import { FIELD_SIZES } from '../../../components/form/layout.ts';
import { FormPriceInput } from '../components/PriceInput.tsx';
import type { PremiumFormValues } from './formValues.ts';

/** A premium's price ($) and percentage (%), half a row each: typing one clears the other (SPEC 4). */
export function PriceOrPercentageFields({
  form: { control, setValue, formState },
}: {
  form: UseFormReturn<PremiumFormValues>;
}) {
  const clear = (name: 'price' | 'percentage') => (next: string) => {
    if (next.trim() !== '') setValue(name, '', { shouldValidate: formState.isSubmitted });
  };
  const fields = [
    { name: 'price', label: CATALOG_TEXT.price, hint: CATALOG_TEXT.priceHint, adornment: '$', other: 'percentage' },
    {
      name: 'percentage',
      label: CATALOG_TEXT.percentage,
      hint: CATALOG_TEXT.percentageHint,
      adornment: '%',
      other: 'price',
    },
  ] as const;
  return fields.map(({ name, other, ...input }) => (
    <Grid key={name} size={FIELD_SIZES.half}>
      <FormPriceInput
        control={control}
        name={name}
        {...input}
        adornmentEnd={name === 'percentage'}
        onInput={clear(other)}
      />
    </Grid>
  ));
}
