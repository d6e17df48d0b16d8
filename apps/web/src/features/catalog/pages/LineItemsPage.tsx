import { catalogApi, STRUCTURE_TEXT } from '@cab/shared';
import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { useCan } from '../../auth/index.ts';
import { ItemListView } from '../items/ItemListView.tsx';

/** /catalog/items (SPEC 2 "Line Items list"), with a way to the product groups the items belong to. */
export default function LineItemsPage() {
  const canEditGroups = useCan(catalogApi.groupUpdate);
  return (
    <ItemListView
      scope="items"
      actions={
        canEditGroups && (
          <Button component={RouterLink} to="/catalog/groups" variant="outlined" startIcon={<AccountTreeOutlined />}>
            {STRUCTURE_TEXT.manageProductGroups}
          </Button>
        )
      }
    />
  );
}
