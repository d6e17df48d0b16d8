import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { type ReactNode, useRef } from 'react';

/** A choice of a select: a value shown as itself (or as `labels` says), or a value with its label. */
export type SelectOption = string | { value: string | number; label: ReactNode };

/** What makes a text field a select: its choices and how they show. */
export interface SelectChoices {
  /** The values to choose from, in order. */
  options: readonly SelectOption[];
  /** What each value shows as (default: the value itself). */
  labels?: Partial<Record<string, ReactNode>>;
  /** Given: a first choice with the value '' (none), shown in italics. */
  noneLabel?: ReactNode;
  /** Given: a first choice with the value '' (a filter's "any"), shown even while it is the value. */
  anyLabel?: ReactNode;
  /** The browser's own select (long lists such as the 56 states: quick to pick by typing, good on phones). */
  native?: boolean;
  /** Several values at once (the value is a string[]): a tick box before each choice. */
  multiple?: boolean;
  /** A test id for each choice. */
  optionTestId?: (value: string) => string;
  /** The tallest the open list grows before it scrolls (px). */
  menuMaxHeight?: number;
}

type Slots = NonNullable<TextFieldProps['slotProps']>;

/**
 * The TextField props of a select (`select`, its slot props, one child per choice): shared by
 * SelectField and FormSelect so that the app has one select. `slotProps` given by the caller are
 * kept (object slot props only), its `select` and `inputLabel` merged over the select's own.
 */
export function selectProps(
  { options, labels, noneLabel, anyLabel, native, multiple, optionTestId, menuMaxHeight }: SelectChoices,
  slotProps: TextFieldProps['slotProps'],
  value: unknown,
): Pick<TextFieldProps, 'select' | 'slotProps' | 'children'> {
  const { select, inputLabel, ...slots } = (slotProps ?? {}) as Slots;
  const shrink = native || anyLabel !== undefined;
  const merged: Slots = {
    ...slots,
    select: {
      ...(native && { native: true }),
      ...(multiple && { multiple: true }),
      ...(anyLabel !== undefined && { displayEmpty: true }),
      ...(menuMaxHeight && { MenuProps: { slotProps: { paper: { sx: { maxHeight: menuMaxHeight } } } } }),
      ...(select as object | undefined),
    },
    inputLabel: { ...(shrink && { shrink: true }), ...(inputLabel as object | undefined) },
  };
  const choices = options.map((option) =>
    typeof option === 'string'
      ? { value: option, label: labels?.[option] ?? option }
      : { value: String(option.value), label: option.label },
  );
  const chosen = multiple && Array.isArray(value) ? (value as string[]) : [];
  const first = noneLabel ?? anyLabel;
  if (native) {
    return {
      select: true,
      slotProps: merged,
      children: [
        first !== undefined && (
          <option key="" value="">
            {first}
          </option>
        ),
        ...choices.map((c) => (
          <option key={c.value} value={c.value} data-testid={optionTestId?.(c.value)}>
            {c.label}
          </option>
        )),
      ],
    };
  }
  return {
    select: true,
    slotProps: merged,
    children: [
      first !== undefined && (
        <MenuItem key="" value="">
          {noneLabel !== undefined ? <em>{noneLabel}</em> : anyLabel}
        </MenuItem>
      ),
      ...choices.map((c) => (
        <MenuItem key={c.value} value={c.value} data-testid={optionTestId?.(c.value)}>
          {multiple ? (
            <>
              <Checkbox size="small" checked={chosen.includes(c.value)} sx={{ py: 0 }} />
              <ListItemText primary={c.label} />
            </>
          ) : (
            c.label
          )}
        </MenuItem>
      )),
    ],
  };
}

export type SelectFieldProps = Omit<TextFieldProps, 'select' | 'children'> & SelectChoices;

/** A select with its value held by the caller (a filter, a sort, a row's setting); in a form, FormSelect. */
export function SelectField({
  options,
  labels,
  noneLabel,
  anyLabel,
  native,
  multiple,
  optionTestId,
  menuMaxHeight,
  slotProps,
  ...field
}: SelectFieldProps) {
  const choices = { options, labels, noneLabel, anyLabel, native, multiple, optionTestId, menuMaxHeight };
  const [value, onChange] = useLatestMultiple(multiple, field.value, field.onChange);
  return <TextField {...field} value={value} onChange={onChange} {...selectProps(choices, slotProps, value)} />;
}

type Change = TextFieldProps['onChange'];

/** The values ticked or unticked between `rendered` and `picked`, applied to `latest`. */
export function applyTicks(rendered: string[], picked: string[], latest: string[]): string[] {
  const toggled = [...picked.filter((v) => !rendered.includes(v)), ...rendered.filter((v) => !picked.includes(v))];
  return [...latest.filter((v) => !toggled.includes(v)), ...toggled.filter((v) => !latest.includes(v))];
}

/**
 * A multiple select's ticks, each applied to the latest choice: MUI hands back the list as the
 * last render saw it with one tick changed, so two quick ticks before the caller re-renders (a
 * value kept in the URL) lost the first. Each tick is taken as a toggle of its value and applied
 * to what the previous tick chose, until the caller's value moves on.
 */
function useLatestMultiple(multiple: boolean | undefined, value: unknown, onChange: Change): [unknown, Change] {
  const shown = JSON.stringify(value);
  const pending = useRef<{ from: string; value: string[] } | null>(null);
  if (!multiple || !Array.isArray(value) || !onChange) return [value, onChange];
  if (pending.current && pending.current.from !== shown) pending.current = null;
  const latest = pending.current?.value ?? (value as string[]);
  const rendered = value as string[];
  return [
    latest,
    (event) => {
      const raw = event.target.value as unknown as string[] | string;
      const picked = typeof raw === 'string' ? raw.split(',') : raw;
      const next = applyTicks(rendered, picked, latest);
      pending.current = { from: shown, value: next };
      onChange({ ...event, target: { ...event.target, value: next } } as unknown as Parameters<NonNullable<Change>>[0]);
    },
  ];
}
