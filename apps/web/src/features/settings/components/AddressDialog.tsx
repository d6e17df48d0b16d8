import {
  ADDRESS_KINDS,
  type Address,
  type AddressBody,
  type AddressKind,
  addressBodySchema,
  MSG,
  SETTINGS_TEXT,
  US_POSTAL_CODE_RE,
} from '@cab/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { type Resolver, type UseFormReturn, useForm, useWatch } from 'react-hook-form';
import { FormDialog } from '../../../components/form/FormDialog.tsx';
import type { FieldSpec } from '../../../components/form/FormFields.tsx';
import { useDialogSubmit } from '../../../lib/forms.ts';
import { lookupPostalCode, useSaveAddress } from '../api.ts';
import { STATE_CODES, STATE_NAMES } from './usStates.ts';

/** The form holds an address less its id. */
type Values = Omit<Address, 'id'>;
const FIELDS = ['kind', 'name', 'line1', 'line2', 'city', 'state', 'postal_code', 'phone', 'is_default'] as const;
const BLANK = { name: '', line1: '', line2: '', city: '', state: '', postal_code: '', phone: '', is_default: false };

const valuesOf = (address: Address | null, kind: AddressKind): Values => {
  if (!address) return { kind, ...BLANK };
  const { id: _id, ...values } = address;
  return values;
};

const schemaResolver = zodResolver(addressBodySchema) as unknown as Resolver<Values>;

/** The address form's fields, in order; kind and state are native selects (56 states are quicker to pick by typing). */
const ADDRESS_FIELDS: FieldSpec<Values>[] = [
  {
    name: 'kind',
    label: SETTINGS_TEXT.kind,
    type: 'select',
    native: true,
    options: ADDRESS_KINDS,
    labels: SETTINGS_TEXT.kindLabels,
    size: 'full',
  },
  { name: 'name', label: SETTINGS_TEXT.addressName, autoComplete: 'name', size: 'full' },
  { name: 'line1', label: SETTINGS_TEXT.line1, autoComplete: 'address-line1', size: 'full' },
  { name: 'line2', label: SETTINGS_TEXT.line2, autoComplete: 'address-line2', size: 'full' },
  { name: 'postal_code', label: SETTINGS_TEXT.postalCode, autoComplete: 'postal-code', size: 'third' },
  { name: 'city', label: SETTINGS_TEXT.city, autoComplete: 'address-level2', size: 'third' },
  {
    name: 'state',
    label: SETTINGS_TEXT.state,
    type: 'select',
    native: true,
    noneLabel: '',
    options: STATE_CODES,
    labels: STATE_NAMES,
    size: 'third',
  },
  { name: 'phone', label: SETTINGS_TEXT.phone, type: 'tel', autoComplete: 'tel', size: 'full' },
  { name: 'is_default', label: SETTINGS_TEXT.isDefault, type: 'checkbox', size: 'full' },
];

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

  usePostalCodeLookup(form, unknownCodes.current);

  const dialog = useDialogSubmit(
    form,
    FIELDS,
    async (values) => {
      await save.mutateAsync({ addressId: address?.id ?? null, body: values as AddressBody });
      return MSG.addressSaved;
    },
    { onClose, pending: save.isPending },
  );

  return (
    <FormDialog
      {...dialog}
      layout="grid"
      title={address ? SETTINGS_TEXT.editAddressTitle : SETTINGS_TEXT.addAddressTitle}
      submitLabel={SETTINGS_TEXT.save}
      testId="address-dialog"
      submitTestId="address-save"
      fields={ADDRESS_FIELDS}
    />
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
