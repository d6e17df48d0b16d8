import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';
import { useDebouncedCallback } from './useDebounced.ts';

type Props = Omit<TextFieldProps, 'value' | 'onChange' | 'defaultValue'> & {
  value: string;
  /** Called `delay` ms after the user stops typing (and at once on Enter). */
  onDebouncedChange: (value: string) => void;
  delay: number;
  /** Focus the field this many ms after it mounts (SPEC 2: the manufacturer code filter, 0.5 s). */
  focusAfterMs?: number;
};

/** A text field whose changes are applied after a pause in typing (SPEC 2 filters: 1 s). */
export function DebouncedTextField({ value, onDebouncedChange, delay, focusAfterMs, inputRef, ...rest }: Props) {
  const [text, setText] = useState(value);
  const debounced = useDebouncedCallback(onDebouncedChange, delay);
  const ownRef = useRef<HTMLInputElement | null>(null);

  // A value set from outside (e.g. "Clear") replaces what was typed.
  useEffect(() => setText(value), [value]);

  useEffect(() => {
    if (focusAfterMs === undefined) return;
    // Only when nothing else has focus: a user who already opened a dialog or clicked into a
    // field must not have the keys they type land in this filter.
    const handle = window.setTimeout(() => {
      const active = document.activeElement;
      if (active === null || active === document.body) ownRef.current?.focus();
    }, focusAfterMs);
    return () => window.clearTimeout(handle);
  }, [focusAfterMs]);

  return (
    <TextField
      {...rest}
      value={text}
      inputRef={(el: HTMLInputElement | null) => {
        ownRef.current = el;
        if (typeof inputRef === 'function') inputRef(el);
        else if (inputRef && typeof inputRef === 'object') (inputRef as { current: unknown }).current = el;
      }}
      onChange={(event) => {
        setText(event.target.value);
        debounced.run(event.target.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          debounced.cancel();
          onDebouncedChange(text);
        }
      }}
    />
  );
}
