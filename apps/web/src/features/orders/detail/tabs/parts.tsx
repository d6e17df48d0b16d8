import { MSG, ORDERS_WEB_TEXT as T } from '@cab/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import type { UseQueryResult } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { isApiRequestError } from '../../../../lib/api.ts';

export function Loaded<D>({ query, children }: { query: UseQueryResult<D>; children: (data: D) => ReactNode }) {
  if (query.isPending) return <Skeleton variant="rounded" height={80} />;
  if (query.isError) return <Alert severity="error">{T.loadFailed}</Alert>;
  return <>{children(query.data)}</>;
}

/** One-line text entry with a button (comment, to-do): 'Required' when empty. */
export function AddLine({
  label,
  button,
  onAdd,
  testId,
  multiline,
}: {
  label: string;
  button: string;
  onAdd: (text: string) => Promise<unknown>;
  testId: string;
  multiline?: boolean;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setError(MSG.required);
      return;
    }
    setBusy(true);
    try {
      await onAdd(text.trim());
      setText('');
    } catch (err) {
      if (isApiRequestError(err) && err.hasFieldErrors) setError(Object.values(err.fields).flat().join(' '));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)} sx={{ display: 'flex', gap: 1, mt: 2 }}>
      <TextField
        size="small"
        label={label}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setError(null);
        }}
        error={Boolean(error)}
        helperText={error ?? undefined}
        multiline={multiline}
        fullWidth
        slotProps={{ htmlInput: { 'data-testid': `${testId}-input` } }}
      />
      <Button type="submit" variant="outlined" disabled={busy} sx={{ alignSelf: 'flex-start', whiteSpace: 'nowrap' }}>
        {button}
      </Button>
    </Box>
  );
}
