import { ACCOUNTS_TEXT } from '@cab/shared';
import Card from '@mui/material/Card';
import { useState } from 'react';
import { AddButton } from '../../../components/AddButton.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { StaffFormDialog } from '../components/StaffFormDialog.tsx';
import { StaffTable } from '../components/StaffTable.tsx';

/** /settings/users/staff: staff and admin accounts, Add staff (invites by e-mail) and edit. */
export default function StaffPage() {
  const [adding, setAdding] = useState(false);
  return (
    <>
      <PageHeader
        actions={
          <AddButton variant="contained" onClick={() => setAdding(true)} data-testid="add-staff-button">
            {ACCOUNTS_TEXT.addStaff}
          </AddButton>
        }
      />
      <Card>
        <StaffTable />
      </Card>
      {adding && <StaffFormDialog user={null} onClose={() => setAdding(false)} />}
    </>
  );
}
