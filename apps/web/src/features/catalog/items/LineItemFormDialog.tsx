import {
  BASE_CATEGORIES,
  CATALOG_TEXT,
  HINGES,
  type LineItem,
  type LineItemBody,
  lineItemFormSchema,
  lineItemIssues,
  MSG,
} from '@cab/shared';
import { useEffect } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { FormAutocomplete } from '../../../components/form/FormAutocomplete.tsx';
import { FormDialog } from '../../../components/form/FormDialog.tsx';
import { bodyResolver, textOf, useDialogSubmit } from '../../../lib/forms.ts';
import { type ItemScope, useProductGroup, useSaveItem } from '../api.ts';
import { CategoryAutocomplete, type CategoryRef } from '../components/CategoryAutocomplete.tsx';
import { FormPriceInput } from '../components/PriceInput.tsx';
import { ProductGroupAutocomplete, type ProductGroupRef } from '../components/ProductGroupAutocomplete.tsx';
import { TagsSection, type TagValue } from '../components/TagsField.tsx';

const COUNTS = [
  ['nb_base_door', CATALOG_TEXT.nbBaseDoor],
  ['nb_wall_door', CATALOG_TEXT.nbWallDoor],
  ['nb_tall_door', CATALOG_TEXT.nbTallDoor],
  ['nb_door_pull', CATALOG_TEXT.nbDoorPull],
  ['nb_drawer', CATALOG_TEXT.nbDrawer],
  ['nb_drawer_pull', CATALOG_TEXT.nbDrawerPull],
  ['nb_adjustable_shelf', CATALOG_TEXT.nbAdjustableShelf],
] as const;
type CountField = (typeof COUNTS)[number][0];

const EXPORT_NAMES = ['export_name_1', 'export_name_2', 'export_name_3', 'export_name_4'] as const;
const DIMENSIONS = ['width', 'height', 'depth'] as const;

export type LineItemFormValues = {
  manufacturer_code: string;
  price: string;
  description: string;
  category: CategoryRef | null;
  base_category: string;
  width: string;
  height: string;
  depth: string;
  hinge: string;
  export_name_1: string;
  export_name_2: string;
  export_name_3: string;
  export_name_4: string;
  product_group: ProductGroupRef | null;
  tags: TagValue[];
  is_attachment: boolean;
} & Record<CountField, string>;

const FIELD_NAMES = [
  'manufacturer_code',
  'price',
  'description',
  'category',
  'base_category',
  ...DIMENSIONS,
  'hinge',
  ...COUNTS.map(([name]) => name),
  ...EXPORT_NAMES,
  'product_group',
  'tags',
] as const satisfies readonly Path<LineItemFormValues>[];

function defaults(item: LineItem | null, isAttachment: boolean): LineItemFormValues {
  return {
    manufacturer_code: item?.manufacturer_code ?? '',
    price: textOf(item?.price),
    description: item?.description ?? '',
    category: item?.category ?? null,
    base_category: item?.base_category ?? (isAttachment ? 'ACCESSORY' : ''),
    width: textOf(item?.width),
    height: textOf(item?.height),
    depth: textOf(item?.depth),
    hinge: item?.hinge ?? 'None',
    nb_base_door: textOf(item?.nb_base_door ?? 0),
    nb_wall_door: textOf(item?.nb_wall_door ?? 0),
    nb_tall_door: textOf(item?.nb_tall_door ?? 0),
    nb_door_pull: textOf(item?.nb_door_pull ?? 0),
    nb_drawer: textOf(item?.nb_drawer ?? 0),
    nb_drawer_pull: textOf(item?.nb_drawer_pull ?? 0),
    nb_adjustable_shelf: textOf(item?.nb_adjustable_shelf ?? 0),
    export_name_1: item?.export_name_1 ?? '',
    export_name_2: item?.export_name_2 ?? '',
    export_name_3: item?.export_name_3 ?? '',
    export_name_4: item?.export_name_4 ?? '',
    product_group: item?.product_group ? { id: item.product_group, name: '…' } : null,
    tags: item?.tags.map((t) => ({ name: t.name, value: t.value ?? '' })) ?? [],
    is_attachment: item?.is_attachment ?? isAttachment,
  };
}

function toBody(v: LineItemFormValues): LineItemBody {
  return {
    manufacturer_code: v.manufacturer_code,
    price: v.price,
    description: v.description,
    category: v.category?.id ?? '',
    base_category: v.base_category as LineItemBody['base_category'],
    width: v.width,
    height: v.height,
    depth: v.depth,
    hinge: v.hinge as LineItemBody['hinge'],
    nb_base_door: v.nb_base_door,
    nb_wall_door: v.nb_wall_door,
    nb_tall_door: v.nb_tall_door,
    nb_door_pull: v.nb_door_pull,
    nb_drawer: v.nb_drawer,
    nb_drawer_pull: v.nb_drawer_pull,
    nb_adjustable_shelf: v.nb_adjustable_shelf,
    export_name_1: v.export_name_1,
    export_name_2: v.export_name_2,
    export_name_3: v.export_name_3,
    export_name_4: v.export_name_4,
    product_group: v.product_group?.id ?? null,
    tags: v.tags.map((t) => ({ name: t.name, value: t.value })),
    is_attachment: v.is_attachment,
  };
}

const resolver = bodyResolver<LineItemFormValues>(lineItemFormSchema, toBody, { extraIssues: lineItemIssues });

/**
 * The line item (or attachment) form (SPEC 5): manufacturer code, price, category and (for line
 * items) export name 1 required. 'Item added successfully' / 'Item updated successfully'.
 */
export function LineItemFormDialog({
  scope,
  item,
  onClose,
}: {
  scope: ItemScope;
  item: LineItem | null;
  onClose: () => void;
}) {
  const isAttachment = item?.is_attachment ?? scope === 'attachments';
  const save = useSaveItem(scope);
  const group = useProductGroup(item?.product_group ?? null);
  const form = useForm<LineItemFormValues>({
    resolver,
    defaultValues: defaults(item, isAttachment),
  });

  // The product group of an item comes as an id: show its name once loaded.
  const { getValues, setValue } = form;
  useEffect(() => {
    const current = getValues('product_group');
    if (group.data && current?.id === group.data.id) {
      setValue('product_group', { id: group.data.id, name: group.data.name });
    }
  }, [group.data, getValues, setValue]);

  const dialog = useDialogSubmit(
    form,
    FIELD_NAMES,
    async (values) => {
      await save.mutateAsync({ id: item?.id, body: toBody(values) });
      return item ? MSG.itemUpdated : MSG.itemAdded;
    },
    { onClose, pending: save.isPending, failed: { fields: MSG.itemSaveFieldErrors, other: MSG.itemSaveFailed } },
  );

  const title = item
    ? CATALOG_TEXT.editItem(item.manufacturer_code)
    : isAttachment
      ? CATALOG_TEXT.newAttachment
      : CATALOG_TEXT.newItem;
  const { control } = form;

  return (
    <FormDialog
      {...dialog}
      layout="grid"
      title={title}
      editing={Boolean(item)}
      maxWidth="md"
      testId="item-form-dialog"
      fields={[
        {
          name: 'manufacturer_code',
          label: CATALOG_TEXT.manufacturerCode,
          required: true,
          autoFocus: !item,
          size: 'half',
        },
        {
          name: 'price',
          size: 'half',
          element: <FormPriceInput control={control} name="price" label={CATALOG_TEXT.price} required adornment="$" />,
        },
        { name: 'description', label: CATALOG_TEXT.description, size: 'full' },
        {
          name: 'category',
          size: 'half',
          element: (
            <FormAutocomplete
              control={control}
              name="category"
              component={CategoryAutocomplete}
              type={isAttachment ? 'ATTACHMENT' : 'LINE_ITEM'}
              required
              testId="category-autocomplete"
            />
          ),
        },
        {
          name: 'base_category',
          label: CATALOG_TEXT.baseCategory,
          type: 'select',
          options: BASE_CATEGORIES,
          noneLabel: CATALOG_TEXT.none,
          size: 'half',
        },
        { section: CATALOG_TEXT.dimensionsSection },
        ...DIMENSIONS.map(
          (name) => ({ name, label: CATALOG_TEXT[name], inputMode: 'decimal', size: 'quarter' }) as const,
        ),
        { name: 'hinge', label: CATALOG_TEXT.hinge, type: 'select', options: HINGES, size: 'quarter' },
        { section: CATALOG_TEXT.countsSection },
        ...COUNTS.map(([name, label]) => ({ name, label, type: 'number', min: 0, size: 'quarter' }) as const),
        { section: CATALOG_TEXT.exportSection },
        ...EXPORT_NAMES.map(
          (name, i) =>
            ({
              name,
              label: CATALOG_TEXT.exportNameN(i + 1),
              required: i === 0 && !isAttachment,
              size: 'half',
            }) as const,
        ),
        {
          name: 'product_group',
          size: 'full',
          element: <FormAutocomplete control={control} name="product_group" component={ProductGroupAutocomplete} />,
        },
        { name: 'tags', size: 'full', element: <TagsSection control={control} /> },
      ]}
    />
  );
}
