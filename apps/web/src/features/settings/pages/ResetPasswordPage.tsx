import { useSearchParams } from 'react-router';
import { ForgotPasswordForm } from '../components/ForgotPasswordForm.tsx';
import { ResetPasswordForm } from '../components/ResetPasswordForm.tsx';

/**
 * /reset-password (guest): without a token asks for the e-mail to send a reset link to; the link
 * in that e-mail comes back here with ?token= to choose the new password.
 */
export default function ResetPasswordPage() {
  const [params, setParams] = useSearchParams();
  const token = params.get('token');
  if (!token) return <ForgotPasswordForm key="forgot" />;
  // "Ask for a new link" drops the token and shows the e-mail form again.
  return <ResetPasswordForm key={token} token={token} onAskNewLink={() => setParams({}, { replace: true })} />;
}
