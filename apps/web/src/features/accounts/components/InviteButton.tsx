import ForwardToInboxOutlined from '@mui/icons-material/ForwardToInboxOutlined';
import Button from '@mui/material/Button';

/** The Invite button of the account screens (opens their InviteDialog). */
export function InviteButton({
  label,
  onClick,
  variant = 'contained',
}: {
  label: string;
  onClick: () => void;
  variant?: 'contained' | 'outlined';
}) {
  return (
    <Button variant={variant} startIcon={<ForwardToInboxOutlined />} onClick={onClick} data-testid="invite-button">
      {label}
    </Button>
  );
}
