import { WEB_TEXT } from '@cab/shared';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useMe } from '../api.ts';
import { PasswordChangeForm } from '../components/PasswordChangeForm.tsx';
import { PasswordUpdateForm } from '../components/PasswordUpdateForm.tsx';

/**
 * /settings/profile/change-password: the forced change (new + confirm) when the account must
 * reset its password (SPEC 4), otherwise the ordinary change form.
 */
export default function ChangePasswordPage() {
  const me = useMe();
  const forced = me.require_password_reset;
  return (
    <>
      <PageHeader subtitle={forced ? undefined : WEB_TEXT.passwordPageSubtitle} />
      {forced && (
        <Alert severity="warning" sx={{ mb: 3 }} data-testid="password-reset-required">
          {WEB_TEXT.passwordResetRequired}
        </Alert>
      )}
      <Card>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          {forced ? <PasswordChangeForm /> : <PasswordUpdateForm />}
        </CardContent>
      </Card>
    </>
  );
}
