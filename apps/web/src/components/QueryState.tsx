import { SETTINGS_TEXT } from '@cab/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PageLoader } from './FullPageLoader.tsx';
import { LoadErrorAlert } from './LoadErrorAlert.tsx';

/**
 * The one way a page waits for its record: `loading` (a spinner) while `query` loads, the failure
 * with a retry when it failed, else `children(data)`.
 */
export function QueryState<T>({
  query,
  children,
  loading = <PageLoader />,
  errorText = SETTINGS_TEXT.loadFailed,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
  loading?: ReactNode;
  errorText?: string;
}) {
  if (query.isPending) return <>{loading}</>;
  if (query.isError) return <LoadErrorAlert onRetry={() => void query.refetch()} message={errorText} />;
  return <>{children(query.data)}</>;
}
