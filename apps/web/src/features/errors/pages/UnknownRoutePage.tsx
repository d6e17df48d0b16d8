import { MSG } from '@cab/shared';
import { ErrorScreen } from '../../../components/ErrorScreen.tsx';

/** Any URL that matches no route (SPEC 2). */
export default function UnknownRoutePage() {
  return <ErrorScreen code="404" title={MSG.pageNotFound} testId="page-not-found" />;
}
