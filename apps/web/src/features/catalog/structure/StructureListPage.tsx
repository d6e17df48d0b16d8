import { CATALOG_TEXT } from '@cab/shared';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { AddButton } from '../../../components/AddButton.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';

/**
 * The frame of the catalogue structure lists (categories, product groups): the way back to the
 * Public Catalog, an Add button for those who may write, and the list card.
 */
export function StructureListPage({
  addLabel,
  canWrite,
  onAdd,
  testId,
  children,
}: {
  addLabel: string;
  canWrite: boolean;
  onAdd: () => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <>
      <PageHeader
        actions={
          <>
            <Button component={RouterLink} to="/catalog/public" variant="outlined" startIcon={<MenuBookOutlined />}>
              {CATALOG_TEXT.publicCatalog}
            </Button>
            {canWrite && (
              <AddButton variant="contained" onClick={onAdd}>
                {addLabel}
              </AddButton>
            )}
          </>
        }
      />
      <Card data-testid={testId}>{children}</Card>
    </>
  );
}
