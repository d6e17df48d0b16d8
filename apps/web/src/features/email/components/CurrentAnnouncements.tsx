import { EMAIL_TEXT } from '@cab/shared';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useSession } from '../../auth/index.ts';
import { useCurrentAnnouncements } from '../api.ts';

const STORAGE_KEY = 'dismissedAnnouncements';

function readDismissed(): number[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((x): x is number => typeof x === 'number') : [];
  } catch {
    return [];
  }
}

/**
 * The announcements for the signed-in user's audience, above every page of the app shell, each
 * dismissible; dismissed ids stay in this browser (localStorage) so they do not come back.
 */
export function CurrentAnnouncements() {
  const { token, role, me } = useSession();
  // The server refuses a user who must change the password everything but that change.
  const current = useCurrentAnnouncements(token !== null && role !== null && !me?.require_password_reset);
  const [dismissed, setDismissed] = useState(readDismissed);
  const shown = (current.data ?? []).filter((a) => !dismissed.includes(a.id));
  if (shown.length === 0) return null;

  const dismiss = (id: number) => {
    // Only ids still current are kept, so the list does not grow forever.
    const live = new Set((current.data ?? []).map((a) => a.id));
    const next = [...dismissed.filter((x) => live.has(x)), id];
    setDismissed(next);
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
    } catch {
      // Storage full or blocked: dismissed for this visit only.
    }
  };

  return (
    <Stack spacing={1} sx={{ mb: 3 }} data-testid="current-announcements">
      {shown.map((a) => (
        <Alert
          key={a.id}
          severity="info"
          onClose={() => dismiss(a.id)}
          slotProps={{ closeButton: { title: EMAIL_TEXT.dismiss, 'aria-label': EMAIL_TEXT.dismiss } }}
          data-testid={`announcement-banner-${a.id}`}
        >
          <AlertTitle>{a.title}</AlertTitle>
          <span style={{ whiteSpace: 'pre-wrap' }}>{a.message}</span>
        </Alert>
      ))}
    </Stack>
  );
}
