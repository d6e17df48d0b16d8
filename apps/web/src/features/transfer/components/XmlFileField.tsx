import { TRANSFER_WEB_TEXT as T } from '@cab/shared';
import UploadFileRounded from '@mui/icons-material/UploadFileRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';

/** Choose one .xml file: a button and the chosen file's name. */
export function XmlFileField({
  file,
  onChange,
  disabled,
  error,
}: {
  file: File | null;
  onChange: (file: File | null) => void;
  disabled?: boolean;
  error?: string | null;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <Box>
      <input
        ref={input}
        type="file"
        accept=".xml,application/xml,text/xml"
        hidden
        data-testid="xml-file-input"
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
          {T.chooseFile}
        </Button>
        <Typography variant="body2" noWrap sx={{ minWidth: 0 }} data-testid="xml-file-name">
          {file?.name ?? ''}
        </Typography>
      </Box>
      {error && (
        <Typography variant="body2" color="error" sx={{ mt: 1 }} data-testid="xml-file-error">
          {error}
        </Typography>
      )}
    </Box>
  );
}
