import { MSG } from '@cab/shared';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isChunkLoadError, reloadForChunkError } from '../lib/chunkReload.ts';
import { reportError } from '../lib/errorReporting.ts';
import { ErrorScreen } from './ErrorScreen.tsx';

interface State {
  error: unknown;
}

/** The last line of defence around the whole app: logs the error and shows SPEC 2's error page. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (isChunkLoadError(error) && reloadForChunkError()) return;
    reportError('react', error, info.componentStack ?? undefined);
  }

  override render(): ReactNode {
    if (this.state.error) return <ErrorScreen title={MSG.errorPageGeneric} fullPage testId="error-page" />;
    return this.props.children;
  }
}
