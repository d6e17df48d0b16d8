import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { closeErrorDialog, getErrorDialogs, subscribeErrorDialogs } from '../lib/errorDialogStore.ts';

/**
 * The popup's code (MUI's Dialog) is not part of /login's first load (decision 0064): the API
 * client, which raises every popup, fetches it when it loads itself (lib/api.ts), so a popup
 * about a lost connection never waits on the network.
 */
export const preloadErrorDialog = () => import('./ErrorDialog.tsx');
const ErrorDialog = lazy(preloadErrorDialog);

/** Shows the API error popups of SPEC 8, one at a time. */
export function ErrorDialogHost() {
  const items = useSyncExternalStore(subscribeErrorDialogs, getErrorDialogs, getErrorDialogs);
  const item = items[0];

  useEffect(() => {
    if (!item?.timer) return;
    const handle = window.setTimeout(() => closeErrorDialog(item.id), item.timer);
    return () => window.clearTimeout(handle);
  }, [item]);

  if (!item) return null;
  return (
    <Suspense fallback={null}>
      <ErrorDialog item={item} onClose={() => closeErrorDialog(item.id)} />
    </Suspense>
  );
}
