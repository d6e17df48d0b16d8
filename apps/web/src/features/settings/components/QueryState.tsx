import { SETTINGS_TEXT, WEB_TEXT } from '@cab/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PageLoader } from '../../../components/FullPageLoader.tsx';

/** A spinner while `query` loads, a retry message when it failed, else `children(data)`. */
export function QueryState<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  if (query.isPending) return <PageLoader />;
  if (query.isError)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            {WEB_TEXT.tryAgain}
          </Button>
        }
      >
        {SETTINGS_TEXT.loadFailed}
      </Alert>
    );
  return <>{children(query.data)}</>;
}
