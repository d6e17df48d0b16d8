import {
  ADDRESS_KINDS,
  type Address,
  type AddressBody,
  type AddressKind,
  addressBodySchema,
  MSG,
  SETTINGS_TEXT,
  US_POSTAL_CODE_RE,
  US_STATES,
} from '@cab/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import { useEffect, useRef } from 'react';
import { Controller, type Resolver, type UseFormReturn, useForm, useWatch } from 'react-hook-form';
import { FormDialog } from '../../../components/form/FormDialog.tsx';
import { FormTextField } from '../../../components/form/FormTextField.tsx';
import { useFormSubmit } from '../../../lib/forms.ts';
import { lookupPostalCode, useSaveAddress } from '../api.ts';

interface Values {
  kind: AddressKind;
  name: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  postal_code: string;
  phone: string;
  is_default: boolean;
}
const FIELDS = ['kind', 'name', 'line1', 'line2', 'city', 'state', 'postal_code', 'phone', 'is_default'] as const;

const valuesOf = (address: Address | null, kind: AddressKind): Values => ({
  kind: address?.kind ?? kind,
  name: address?.name ?? '',
  line1: address?.line1 ?? '',
  line2: address?.line2 ?? '',
  city: address?.city ?? '',
  state: address?.state ?? '',
  postal_code: address?.postal_code ?? '',
  phone: address?.phone ?? '',
  is_default: address?.is_default ?? false,
});

const schemaResolver = zodResolver(addressBodySchema) as unknown as Resolver<Values>;

/** Native selects: 56 states are quicker to pick by typing, and work well on phones. */
const nativeSelect = { select: { native: true }, inputLabel: { shrink: true } } as const;

/**
 * Add or edit one address. The postal code is checked with the shared schema as it is typed; the
 * server also checks that it exists and lies in the state, and says so on the field.
 */
export function AddressDialog({
  userId,
  address,
  kind,
  onClose,
}: {
  userId: number;
  /** null: a new address of `kind`. */
  address: Address | null;
  kind: AddressKind;
  onClose: () => void;
}) {
  const save = useSaveAddress(userId);
  // Postal codes the lookup did not find: the form's validation says so on the field, so the
  // message stays through blur and submit instead of vanishing at the next check.
  const unknownCodes = useRef(new Set<string>());
  const form = useForm<Values>({
    resolver: async (values, context, options) => {
      const result = await schemaResolver(values, context, options);
      if (!result.errors.postal_code && unknownCodes.current.has(values.postal_code.trim())) {
        return {
          values: {},
          errors: { ...result.errors, postal_code: { type: 'lookup', message: SETTINGS_TEXT.postalCodeNotFound } },
        };
      }
      return result;
    },
    defaultValues: valuesOf(address, kind),
    mode: 'onTouched',
  });
  const { control, handleSubmit, setError, formState } = form;

  usePostalCodeLookup(form, unknownCodes.current);

  const onSubmit = useFormSubmit({ handleSubmit, setError }, FIELDS, async (values) => {
    await save.mutateAsync({ addressId: address?.id ?? null, body: values as AddressBody });
    onClose();
    return MSG.addressSaved;
  });

  return (
    <FormDialog
      title={address ? SETTINGS_TEXT.editAddressTitle : SETTINGS_TEXT.addAddressTitle}
      submitLabel={SETTINGS_TEXT.save}
      onSubmit={onSubmit}
      onClose={onClose}
      pending={save.isPending}
      testId="address-dialog"
      submitTestId="address-save"
      errors={formState.errors}
    >
      <FormTextField control={control} name="kind" label={SETTINGS_TEXT.kind} select slotProps={nativeSelect}>
        {ADDRESS_KINDS.map((k) => (
          <option key={k} value={k}>
            {SETTINGS_TEXT.kindLabels[k]}
          </option>
        ))}
      </FormTextField>
      <FormTextField control={control} name="name" label={SETTINGS_TEXT.addressName} autoComplete="name" />
      <FormTextField control={control} name="line1" label={SETTINGS_TEXT.line1} autoComplete="address-line1" />
      <FormTextField control={control} name="line2" label={SETTINGS_TEXT.line2} autoComplete="address-line2" />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormTextField
            control={control}
            name="postal_code"
            label={SETTINGS_TEXT.postalCode}
            autoComplete="postal-code"
            fullWidth
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormTextField
            control={control}
            name="city"
            label={SETTINGS_TEXT.city}
            autoComplete="address-level2"
            fullWidth
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormTextField
            control={control}
            name="state"
            label={SETTINGS_TEXT.state}
            select
            slotProps={nativeSelect}
            fullWidth
          >
            <option value="" />
            {US_STATES.map((s) => (
              <option key={s.code} value={s.code}>
                {s.name}
              </option>
            ))}
          </FormTextField>
        </Grid>
      </Grid>
      <FormTextField control={control} name="phone" label={SETTINGS_TEXT.phone} type="tel" autoComplete="tel" />
      <Controller
        name="is_default"
        control={control}
        render={({ field }) => (
          <FormControlLabel
            control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
            label={SETTINGS_TEXT.isDefault}
          />
        )}
      />
    </FormDialog>
  );
}

/**
 * When a complete postal code is typed, fills city and state from the lookup, but only where they
 * are empty or were filled by an earlier lookup: what the user typed is never overwritten. A code
 * the lookup does not know goes into `unknownCodes` and the field is checked again, so it is
 * said on the field at once, not only when the address is saved.
 */
function usePostalCodeLookup(
  { control, getValues, setValue, trigger, getFieldState }: UseFormReturn<Values>,
  unknownCodes: Set<string>,
) {
  const postalCode = useWatch({ control, name: 'postal_code' });
  const filled = useRef<{ city: string; state: string } | null>(null);
  const initial = useRef(postalCode);
  useEffect(() => {
    const code = postalCode.trim();
    // A changed code no longer carries the previous code's "not found".
    if (getFieldState('postal_code').error?.type === 'lookup') void trigger('postal_code');
    if (code === initial.current.trim() || !US_POSTAL_CODE_RE.test(code)) return;
    let cancelled = false;
    void lookupPostalCode(code).then((answer) => {
      if (cancelled) return;
      if ('unknown' in answer) {
        unknownCodes.add(code);
        void trigger('postal_code');
        return;
      }
      if (!('found' in answer)) return;
      const { city, state } = getValues();
      const previous = filled.current;
      const next = { city, state };
      if (!city || city === previous?.city) next.city = answer.found.city;
      if (!state || state === previous?.state) next.state = answer.found.state;
      filled.current = next;
      if (next.city !== city) setValue('city', next.city, { shouldValidate: true });
      if (next.state !== state) setValue('state', next.state, { shouldValidate: true });
    });
    return () => {
      cancelled = true;
    };
  }, [postalCode, getValues, setValue, trigger, getFieldState, unknownCodes]);
}
