import { WEB_TEXT } from '@cab/shared';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { PasswordUpdateForm } from '../components/PasswordUpdateForm.tsx';

/** /settings/password */
export default function PasswordPage() {
  return (
    <>
      <PageHeader subtitle={WEB_TEXT.passwordPageSubtitle} />
      <Card>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <PasswordUpdateForm />
        </CardContent>
      </Card>
    </>
  );
}
