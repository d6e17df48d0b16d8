import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Button, { type ButtonProps } from '@mui/material/Button';

/** A button that downloads a file (a report's CSV): outlined, the download icon before its label. */
export function DownloadButton(props: ButtonProps & { 'data-testid'?: string }) {
  return <Button variant="outlined" startIcon={<FileDownloadOutlined />} {...props} />;
}
