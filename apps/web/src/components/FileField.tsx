import UploadFileRounded from '@mui/icons-material/UploadFileRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { type ReactNode, useRef } from 'react';

/**
 * Choose one file: a button in a dashed box with the chosen file's name, an error under it. Test
 * ids: `${testId}-input` (the hidden file input), `-name` and `-error`.
 */
export function FileField({
  accept,
  label,
  file,
  onChange,
  disabled,
  error,
  testId,
}: {
  accept: string;
  label: ReactNode;
  file: File | null;
  onChange: (file: File | null) => void;
  disabled?: boolean;
  error?: string | null;
  testId: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <Box>
      <input
        ref={input}
        type="file"
        accept={accept}
        hidden
        data-testid={`${testId}-input`}
        onChange={(e) => onChange(e.target.files?.[0] ?? null)}
      />
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 2,
          p: 2,
          border: 1,
          borderStyle: 'dashed',
          borderColor: error ? 'error.main' : 'divider',
          borderRadius: 2,
        }}
      >
        <Button
          variant="outlined"
          startIcon={<UploadFileRounded />}
          onClick={() => input.current?.click()}
          disabled={disabled}
        >
          {label}
        </Button>
        <Typography variant="body2" noWrap sx={{ minWidth: 0 }} data-testid={`${testId}-name`}>
          {file?.name ?? ''}
        </Typography>
      </Box>
      {error && (
        <Typography variant="body2" color="error" sx={{ mt: 1 }} data-testid={`${testId}-error`}>
          {error}
        </Typography>
      )}
    </Box>
  );
}
