import { APPROVALS_WEB_TEXT as A, approvalsApi } from '@cab/shared';
import Box from '@mui/material/Box';
import { useCan } from '../../auth/index.ts';
import { useWaitingCount } from '../api.ts';

/** Read by a screen reader, not shown: the count's meaning after the number. */
const HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** The menu's count of approval requests waiting (issue 30); nothing while none wait. */
export function ApprovalsNavBadge() {
  const count = useWaitingCount(useCan(approvalsApi.queue)).data ?? 0;
  if (count === 0) return null;
  return (
    <Box
      component="span"
      data-testid="approvals-badge"
      sx={{
        ml: 1,
        minWidth: 22,
        px: 0.75,
        borderRadius: 11,
        bgcolor: 'error.main',
        color: 'error.contrastText',
        fontSize: 12,
        fontWeight: 600,
        lineHeight: '22px',
        textAlign: 'center',
      }}
    >
      {count}
      <Box component="span" sx={HIDDEN}>
        {` ${A.waitingSuffix}`}
      </Box>
    </Box>
  );
}
