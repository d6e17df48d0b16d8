import { BUILDER_TEXT, DEBOUNCE_MS, type LineItem } from '@cab/shared';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { type Ref, useEffect, useRef, useState } from 'react';
import { useDebouncedCallback } from '../../../components/useDebounced.ts';
import { findByCode, searchLineItems } from './api.ts';
import { rankByCode } from './rank.ts';

/**
 * A manufacturer code with type-ahead (SPEC 9: 750 ms after typing stops). Enter adds the
 * highlighted item; when the list is not there yet (a fast typist), Enter adds the item whose
 * code is exactly what was typed, so a whole order can be keyed in without waiting or a mouse.
 */
export function AddLineField({
  onAdd,
  attachments = false,
  label,
  inputRef,
  autoFocus,
  testId,
  onEscape,
}: {
  onAdd: (item: LineItem) => void;
  attachments?: boolean;
  label: string;
  inputRef?: Ref<HTMLInputElement>;
  autoFocus?: boolean;
  testId?: string;
  onEscape?: () => void;
}) {
  const [text, setText] = useState('');
  const [options, setOptions] = useState<LineItem[]>([]);
  const [loadedFor, setLoadedFor] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const controller = useRef<AbortController | null>(null);

  const load = (value: string) => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    searchLineItems(value, { attachments }, current.signal)
      .then((found) => {
        if (current.signal.aborted) return;
        setOptions(rankByCode(found, value));
        setLoadedFor(value);
      })
      .catch(() => {
        // Logged by the API client; the list keeps what it had.
      });
  };
  const debounced = useDebouncedCallback(load, DEBOUNCE_MS.autocomplete);
  useEffect(() => () => controller.current?.abort(), []);

  const done = (item: LineItem) => {
    debounced.cancel();
    controller.current?.abort();
    setText('');
    setOptions([]);
    setLoadedFor(null);
    setOpen(false);
    setError(null);
    onAdd(item);
  };

  const addTyped = async (typed: string) => {
    const code = typed.trim();
    if (!code) return;
    setBusy(true);
    try {
      const item = await findByCode(code, attachments);
      if (item) {
        done(item);
        return;
      }
      // Not this kind: is it the other (an attachment typed in a group's code field, or a cabinet in the picker)?
      const other = await findByCode(code, !attachments);
      const shown = other?.manufacturer_code ?? code;
      setError(
        other === null
          ? BUILDER_TEXT.noSuchCode(code)
          : attachments
            ? BUILDER_TEXT.codeIsLineItem(shown)
            : BUILDER_TEXT.codeIsAttachment(shown),
      );
    } catch {
      // Logged and shown by the API client.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Autocomplete<LineItem, false, false, true>
      freeSolo
      autoHighlight
      open={open && options.length > 0}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options}
      filterOptions={(x) => x}
      getOptionLabel={(o) => (typeof o === 'string' ? o : o.manufacturer_code)}
      getOptionKey={(o) => (typeof o === 'string' ? o : o.id)}
      renderOption={(props, o) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <li key={key} {...rest} data-testid={`code-option-${o.manufacturer_code}`}>
            <strong>{o.manufacturer_code}</strong>&nbsp;— {o.description}
          </li>
        );
      }}
      value={null}
      inputValue={text}
      onInputChange={(_, value, reason) => {
        if (reason !== 'input') return;
        setText(value);
        setError(null);
        if (value.trim()) {
          setOpen(true);
          debounced.run(value.trim());
        } else {
          debounced.cancel();
          setOptions([]);
        }
      }}
      onChange={(_, value) => {
        if (value === null) return;
        if (typeof value === 'string') {
          void addTyped(value);
          return;
        }
        // A highlighted option from a list loaded for an older text: add what was typed instead.
        const typed = text.trim();
        if (loadedFor !== typed && value.manufacturer_code.toUpperCase() !== typed.toUpperCase()) {
          void addTyped(typed);
          return;
        }
        done(value);
      }}
      size="small"
      sx={{ minWidth: { xs: 0, sm: 260 }, flex: 1, maxWidth: 420 }}
      data-testid={testId}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          inputRef={inputRef}
          autoFocus={autoFocus}
          error={Boolean(error)}
          helperText={error ?? (attachments ? undefined : BUILDER_TEXT.addByCodeHint)}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && onEscape) onEscape();
          }}
          slotProps={{
            ...params.slotProps,
            htmlInput: {
              ...params.slotProps.htmlInput,
              'aria-busy': busy,
              'data-testid': testId ? `${testId}-input` : undefined,
            },
          }}
        />
      )}
    />
  );
}
