import {
  CATALOG_TEXT,
  DOOR_STYLE_ATTRS,
  EXPORT_CATEGORIES,
  MSG,
  type Premium,
  type PremiumBody,
  type PremiumKind,
  premiumFormSchema,
  premiumTypeIssues,
} from '@cab/shared';
import AddRounded from '@mui/icons-material/AddRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useMemo, useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { FormAutocomplete } from '../../../components/form/FormAutocomplete.tsx';
import { FormDialog } from '../../../components/form/FormDialog.tsx';
import type { FieldSpec } from '../../../components/form/FormFields.tsx';
import { FormSelect } from '../../../components/form/FormSelect.tsx';
import { FormCheckbox } from '../../../components/form/FormSwitch.tsx';
import { bodyResolver, textOf, useDialogSubmit } from '../../../lib/forms.ts';
import { usePremiumGroups, useSavePremium } from '../api.ts';
import { CategoriesAutocomplete } from '../components/CategoryAutocomplete.tsx';
import { PremiumsAutocomplete } from '../components/PremiumAutocomplete.tsx';
import { PremiumGroupDialog } from '../components/PremiumGroupDialog.tsx';
import { TagsSection } from '../components/TagsField.tsx';
import type { KindConfig } from '../kinds.ts';
import { saveFailed } from '../saveFailed.ts';
import type { PremiumFormValues } from './formValues.ts';
import { PriceOrPercentageFields } from './PriceOrPercentageFields.tsx';

type DoorAttr = (typeof DOOR_STYLE_ATTRS)[number];

const DOOR_ATTR_LABELS: Record<DoorAttr, string> = {
  outside_edge: CATALOG_TEXT.outsideEdge,
  panel_detail: CATALOG_TEXT.panelDetail,
  inside_edge: CATALOG_TEXT.insideEdge,
  route_pattern: CATALOG_TEXT.routePattern,
};

const DOOR_STYLE_FIELDS: FieldSpec<PremiumFormValues>[] = DOOR_STYLE_ATTRS.map((attr) => ({
  name: `config.door_style_attrs.${attr}`,
  label: DOOR_ATTR_LABELS[attr],
  size: 'quarterWide',
}));

const FIELD_NAMES = [
  'code',
  'description',
  'categories',
  'finish_options',
  'wood_species',
  'export_name',
  'price',
  'percentage',
  'tags',
  'export_category',
  'premium_group',
  'index',
  ...DOOR_STYLE_ATTRS.map((a) => `config.door_style_attrs.${a}` as const),
] as const satisfies readonly Path<PremiumFormValues>[];

function defaults(premium: Premium | null): PremiumFormValues {
  return {
    code: premium?.code ?? '',
    description: premium?.description ?? '',
    categories: premium?.categories ?? [],
    finish_options: premium?.finish_options ?? [],
    wood_species: premium?.wood_species ?? [],
    export_name: premium?.export_name ?? '',
    config: {
      door_style_attrs: {
        outside_edge: premium?.config.door_style_attrs.outside_edge ?? '',
        panel_detail: premium?.config.door_style_attrs.panel_detail ?? '',
        inside_edge: premium?.config.door_style_attrs.inside_edge ?? '',
        route_pattern: premium?.config.door_style_attrs.route_pattern ?? '',
      },
    },
    price: textOf(premium?.price),
    percentage: textOf(premium?.percentage),
    tags: premium?.tags.map((t) => ({ name: t.name, value: t.value ?? '' })) ?? [],
    export_category: textOf(premium?.export_category),
    premium_group: textOf(premium?.premium_group),
    index: textOf(premium?.index ?? 0),
    use_finish_option_for_export: premium?.use_finish_option_for_export ?? false,
    is_cabinet_construction_vertical: premium?.is_cabinet_construction_vertical ?? false,
  };
}

/** The request body for the kind: only the fields its form shows (SPEC 2). */
function toBody(values: PremiumFormValues, config: KindConfig): PremiumBody {
  const f = config.fields;
  const body: PremiumBody = {
    code: values.code,
    description: values.description,
    categories: values.categories.map((c) => c.id),
    export_name: values.export_name,
    price: values.price,
    percentage: values.percentage,
    index: values.index,
    tags: values.tags.map((t) => ({ name: t.name, value: t.value })),
  };
  if (f.finishOptions) body.finish_options = values.finish_options;
  if (f.woodSpecies) body.wood_species = values.wood_species;
  if (f.doorStyleAttrs) body.config = { door_style_attrs: { ...values.config.door_style_attrs } };
  if (f.exportCategory) body.export_category = values.export_category;
  if (f.group) body.premium_group = values.premium_group;
  if (f.useFinishOptionForExport) body.use_finish_option_for_export = values.use_finish_option_for_export;
  if (f.constructionVertical) body.is_cabinet_construction_vertical = values.is_cabinet_construction_vertical;
  return body;
}

/**
 * SPEC 2 "Premium form dialog" for one premium kind: creates (premium null) or updates. A price
 * clears the percentage and back; server field errors land on their fields; a loading overlay
 * covers the form while it saves.
 */
export function PremiumFormDialog({
  config,
  premium,
  onClose,
}: {
  config: KindConfig;
  premium: Premium | null;
  onClose: () => void;
}) {
  const save = useSavePremium(config.kind);
  const groups = usePremiumGroups(config.type, config.fields.group);
  const [groupDialogOpen, setGroupDialogOpen] = useState(false);
  const [createdGroups, setCreatedGroups] = useState<{ id: number; name: string }[]>([]);
  // The current group and a just-created one are options before the group list (re)loads.
  const groupOptions = useMemo(() => {
    const own = premium?.premium_group ? [{ id: premium.premium_group, name: premium.group_name ?? '' }] : [];
    const byId = new Map([...(groups.data ?? []), ...own, ...createdGroups].map((g) => [g.id, g]));
    return [...byId.values()];
  }, [premium, createdGroups, groups.data]);
  const resolver = useMemo(
    () =>
      bodyResolver<PremiumFormValues>(premiumFormSchema(config.type), (v) => toBody(v, config), {
        extraIssues: (v) => premiumTypeIssues(config.type, v),
      }),
    [config],
  );
  const form = useForm<PremiumFormValues>({
    resolver,
    defaultValues: defaults(premium),
  });
  const { control, setValue } = form;
  const f = config.fields;
  const locked = f.identityLocked;

  const dialog = useDialogSubmit(
    form,
    FIELD_NAMES,
    async (values) => {
      await save.mutateAsync({ id: premium?.id, body: toBody(values, config) });
      return premium ? MSG.premiumUpdated(config.name) : MSG.premiumCreated(config.name);
    },
    { onClose, pending: save.isPending, failed: saveFailed(config.name) },
  );
  /** The premiums of another kind this one goes with (a door style's wood species, a wood's finishes). */
  const premiumsField = (name: 'finish_options' | 'wood_species', kind: PremiumKind, label: string) => ({
    name,
    size: 'full' as const,
    element: (
      <FormAutocomplete
        control={control}
        name={name}
        component={PremiumsAutocomplete}
        kind={kind}
        label={label}
        testId={`${name.replace('_', '-')}-autocomplete`}
      />
    ),
  });
  return (
    <FormDialog
      {...dialog}
      layout="grid"
      notice={locked && <Alert severity="info">{CATALOG_TEXT.identityLocked}</Alert>}
      title={premium ? CATALOG_TEXT.editTitle(config.name, premium.code) : CATALOG_TEXT.newTitle(config.name)}
      editing={Boolean(premium)}
      maxWidth="md"
      testId="premium-form-dialog"
      fields={[
        {
          name: 'code',
          label: CATALOG_TEXT.code,
          required: true,
          disabled: locked,
          autoFocus: !premium,
          size: 'half',
        },
        { name: 'description', label: CATALOG_TEXT.description, disabled: locked, size: 'half' },
        {
          name: 'categories',
          size: 'full',
          element: (
            <FormAutocomplete
              control={control}
              name="categories"
              component={CategoriesAutocomplete}
              type={config.type}
              required
              testId="categories-autocomplete"
            />
          ),
        },
        f.finishOptions && premiumsField('finish_options', 'finish_option', CATALOG_TEXT.finishOptions),
        f.woodSpecies && premiumsField('wood_species', 'wood_species', CATALOG_TEXT.woodSpecies),
        {
          name: 'export_name',
          label: CATALOG_TEXT.exportName,
          required: config.type !== 'FINISHED_SIDE',
          disabled: locked,
          size: f.exportCategory ? 'half' : 'full',
        },
        f.exportCategory && {
          name: 'export_category',
          label: CATALOG_TEXT.exportCategory,
          type: 'select',
          options: EXPORT_CATEGORIES,
          noneLabel: CATALOG_TEXT.none,
          size: 'half',
        },
        f.doorStyleAttrs && { section: CATALOG_TEXT.doorStyleAttributes },
        ...(f.doorStyleAttrs ? DOOR_STYLE_FIELDS : []),
        { name: 'price', element: <PriceOrPercentageFields form={form} /> },
        f.group && {
          name: 'premium_group',
          size: 'twoThirds',
          element: (
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
              <FormSelect
                control={control}
                name="premium_group"
                label={CATALOG_TEXT.headerGroup}
                noneLabel={CATALOG_TEXT.none}
                options={groupOptions.map((g) => ({ value: g.id, label: g.name }))}
                menuMaxHeight={320}
              />
              <Tooltip title={CATALOG_TEXT.addGroup}>
                <IconButton
                  aria-label={CATALOG_TEXT.addGroup}
                  onClick={() => setGroupDialogOpen(true)}
                  sx={{ mt: 1 }}
                  data-testid="add-group-button"
                >
                  <AddRounded />
                </IconButton>
              </Tooltip>
            </Box>
          ),
        },
        {
          name: 'index',
          label: CATALOG_TEXT.index,
          type: 'number',
          min: 0,
          size: f.group ? 'third' : 'half',
        },
        (f.useFinishOptionForExport || f.constructionVertical) && {
          name: 'use_finish_option_for_export',
          size: 'full',
          element: (
            <>
              {f.useFinishOptionForExport && (
                <FormCheckbox
                  control={control}
                  name="use_finish_option_for_export"
                  label={CATALOG_TEXT.useFinishOptionForExport}
                />
              )}
              {f.constructionVertical && (
                <FormCheckbox
                  control={control}
                  name="is_cabinet_construction_vertical"
                  label={CATALOG_TEXT.cabinetConstructionVertical}
                />
              )}
            </>
          ),
        },
        { name: 'tags', size: 'full', element: <TagsSection control={control} /> },
      ]}
    >
      {f.group && (
        <PremiumGroupDialog
          open={groupDialogOpen}
          type={config.type}
          onClose={() => setGroupDialogOpen(false)}
          onCreated={(group) => {
            setGroupDialogOpen(false);
            setCreatedGroups((current) => [...current, group]);
            setValue('premium_group', String(group.id), { shouldDirty: true });
          }}
        />
      )}
    </FormDialog>
  );
}
