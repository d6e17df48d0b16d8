import { CATALOG_TEXT, WEB_TEXT } from '@cab/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

/**
 * What a list or a page of cards shows when its records could not be loaded: the failure, with a
 * retry, instead of the empty state ("No records found"), which would say there are none.
 */
export function LoadErrorAlert({
  onRetry,
  message = CATALOG_TEXT.listLoadFailed,
  testId = 'load-error',
}: {
  onRetry: () => void;
  message?: string;
  testId?: string;
}) {
  return (
    <Alert
      severity="error"
      data-testid={testId}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {WEB_TEXT.tryAgain}
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
