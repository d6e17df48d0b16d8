import { MSG } from '@cab/shared';
import { ErrorScreen } from '../../../components/ErrorScreen.tsx';

/** /404: where a route a role may not open, or an API 404, leads (SPEC 2). */
export default function NotFoundErrorPage() {
  return <ErrorScreen code="404" title={MSG.errorPageNotFound} testId="error-page" />;
}
