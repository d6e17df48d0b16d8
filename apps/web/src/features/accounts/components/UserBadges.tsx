import { ACCOUNTS_TEXT, type AccountUser } from '@cab/shared';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';

/** Active / inactive, and 'Pending invitation' while the user has not set a password yet. */
export function UserBadges({ user }: { user: Pick<AccountUser, 'is_active' | 'invitation_pending'> }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
      <Chip
        size="small"
        label={user.is_active ? ACCOUNTS_TEXT.active : ACCOUNTS_TEXT.inactive}
        color={user.is_active ? 'success' : 'default'}
        variant="outlined"
      />
      {user.invitation_pending && (
        <Chip size="small" label={ACCOUNTS_TEXT.pendingInvitation} color="warning" data-testid="pending-invitation" />
      )}
    </Stack>
  );
}
