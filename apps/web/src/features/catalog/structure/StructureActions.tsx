import {
  CATALOG_TEXT,
  type Category,
  NOTIFY_MS,
  type ProductGroup,
  STRUCTURE_TEXT,
  type Subcategory,
} from '@cab/shared';
import ArrowDownwardRounded from '@mui/icons-material/ArrowDownwardRounded';
import ArrowUpwardRounded from '@mui/icons-material/ArrowUpwardRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import LinkRounded from '@mui/icons-material/LinkRounded';
import RemoveCircleOutlineRounded from '@mui/icons-material/RemoveCircleOutlineRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AddButton } from '../../../components/AddButton.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { EditAction, RowAction } from '../../../components/data-table/RowAction.tsx';
import { useSnackbar } from '../../../lib/toasts.ts';
import { ConfirmDelete } from '../components/ConfirmDelete.tsx';
import { AddGroupDialog } from './AddGroupDialog.tsx';
import { useDeleteCategory, useDeleteSubcategory, useSubcategoryGroups } from './api.ts';
import { CategoryFormDialog } from './CategoryFormDialog.tsx';
import { ProductGroupFormDialog } from './ProductGroupFormDialog.tsx';
import { ProductGroupImagesDialog } from './ProductGroupImagesDialog.tsx';
import { SubcategoryFormDialog } from './SubcategoryFormDialog.tsx';

/** Edit and Delete of the record a page shows. */
function EditDeleteButtons({ onEdit, onDelete }: { onEdit: () => void; onDelete: () => void }) {
  return (
    <>
      <Button variant="outlined" startIcon={<EditOutlined />} onClick={onEdit}>
        {CATALOG_TEXT.edit}
      </Button>
      <Button variant="outlined" color="error" startIcon={<DeleteOutlineRounded />} onClick={onDelete}>
        {CATALOG_TEXT.delete}
      </Button>
    </>
  );
}

/** The admin's buttons on a public category page: rename or delete it, add a subcategory to it. */
export function CategoryActions({ category }: { category: Category }) {
  const navigate = useNavigate();
  const remove = useDeleteCategory();
  const [open, setOpen] = useState<'edit' | 'delete' | 'add' | null>(null);
  return (
    <>
      <EditDeleteButtons onEdit={() => setOpen('edit')} onDelete={() => setOpen('delete')} />
      <AddButton variant="contained" onClick={() => setOpen('add')}>
        {STRUCTURE_TEXT.addSubcategory}
      </AddButton>
      {open === 'edit' && <CategoryFormDialog category={category} onClose={() => setOpen(null)} />}
      {open === 'add' && <SubcategoryFormDialog subcategory={null} category={category} onClose={() => setOpen(null)} />}
      <ConfirmDelete
        target={open === 'delete' ? category : null}
        label={(c) => c.name}
        remove={remove}
        onClose={() => setOpen(null)}
        onDeleted={() => navigate('/catalog/public')}
      />
    </>
  );
}

/**
 * The admin's buttons on a public subcategory page: rename or move it to another category,
 * delete it, and fill it with a new or an existing product group.
 */
export function SubcategoryActions({ subcategory }: { subcategory: Subcategory }) {
  const navigate = useNavigate();
  const remove = useDeleteSubcategory();
  const [open, setOpen] = useState<'edit' | 'delete' | 'new-group' | 'add-group' | null>(null);
  return (
    <>
      <EditDeleteButtons onEdit={() => setOpen('edit')} onDelete={() => setOpen('delete')} />
      <Button variant="outlined" startIcon={<LinkRounded />} onClick={() => setOpen('add-group')}>
        {STRUCTURE_TEXT.addExistingGroup}
      </Button>
      <AddButton variant="contained" onClick={() => setOpen('new-group')}>
        {STRUCTURE_TEXT.addProductGroup}
      </AddButton>
      {open === 'edit' && <SubcategoryFormDialog subcategory={subcategory} onClose={() => setOpen(null)} />}
      {open === 'add-group' && <AddGroupDialog subcategory={subcategory} onClose={() => setOpen(null)} />}
      {open === 'new-group' && (
        <ProductGroupFormDialog
          group={null}
          subcategories={[{ id: subcategory.id, name: subcategory.name }]}
          onClose={() => setOpen(null)}
        />
      )}
      <ConfirmDelete
        target={open === 'delete' ? subcategory : null}
        label={(s) => s.name}
        remove={remove}
        onClose={() => setOpen(null)}
        onDeleted={() =>
          navigate(subcategory.category ? `/catalog/public/category/${subcategory.category.id}` : '/catalog/public')
        }
      />
    </>
  );
}

/** The admin's actions on one product group of a subcategory: edit, images, move up or down, remove from it. */
export function GroupCardActions({
  subcategory,
  group,
  position,
}: {
  subcategory: Subcategory;
  group: ProductGroup;
  position: number;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const { move, remove } = useSubcategoryGroups(subcategory.id);
  const [open, setOpen] = useState<'edit' | 'images' | 'remove' | null>(null);
  const last = subcategory.groups.length - 1;
  const moveTo = async (index: number) => {
    try {
      await move.mutateAsync({ group: group.id, index });
      enqueueSnackbar(STRUCTURE_TEXT.orderSaved, { variant: 'success', autoHideDuration: NOTIFY_MS.short });
    } catch {
      // The API client already showed the failure (SPEC 8).
    }
  };
  return (
    <Box sx={{ display: 'flex' }} data-testid={`group-actions-${group.id}`}>
      <EditAction name={group.name} onClick={() => setOpen('edit')} testId={`edit-group-${group.id}`} />
      <RowAction
        label={CATALOG_TEXT.images}
        name={group.name}
        icon={<ImageOutlined fontSize="small" />}
        onClick={() => setOpen('images')}
        testId={`images-group-${group.id}`}
      />
      {position > 0 && (
        <RowAction
          label={STRUCTURE_TEXT.moveUp}
          name={group.name}
          icon={<ArrowUpwardRounded fontSize="small" />}
          onClick={() => void moveTo(position - 1)}
          testId={`up-group-${group.id}`}
        />
      )}
      {position < last && (
        <RowAction
          label={STRUCTURE_TEXT.moveDown}
          name={group.name}
          icon={<ArrowDownwardRounded fontSize="small" />}
          onClick={() => void moveTo(position + 1)}
          testId={`down-group-${group.id}`}
        />
      )}
      <RowAction
        label={STRUCTURE_TEXT.removeFromSubcategory}
        name={group.name}
        icon={<RemoveCircleOutlineRounded fontSize="small" />}
        onClick={() => setOpen('remove')}
        testId={`remove-group-${group.id}`}
      />
      {open === 'edit' && <ProductGroupFormDialog group={group} onClose={() => setOpen(null)} />}
      {open === 'images' && <ProductGroupImagesDialog group={group} onClose={() => setOpen(null)} />}
      <ConfirmDialog
        open={open === 'remove'}
        title={STRUCTURE_TEXT.removeConfirm(group.name, subcategory.name)}
        text={STRUCTURE_TEXT.removeText}
        confirmLabel={STRUCTURE_TEXT.removeYes}
        busy={remove.isPending}
        onClose={() => setOpen(null)}
        onConfirm={async () => {
          try {
            await remove.mutateAsync(group);
            enqueueSnackbar(STRUCTURE_TEXT.removed(group.name, subcategory.name), {
              variant: 'success',
              autoHideDuration: NOTIFY_MS.short,
            });
          } catch {
            // The API client already showed the failure (SPEC 8).
          } finally {
            setOpen(null);
          }
        }}
      />
    </Box>
  );
}
