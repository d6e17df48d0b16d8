import {
  CATALOG_TEXT,
  DOOR_STYLE_ATTRS,
  EXPORT_CATEGORIES,
  MSG,
  type Premium,
  type PremiumBody,
  premiumFormSchema,
  premiumTypeIssues,
} from '@cab/shared';
import AddRounded from '@mui/icons-material/AddRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { Controller, type Path, useForm } from 'react-hook-form';
import { FormAutocomplete } from '../../../components/form/FormAutocomplete.tsx';
import { FormDialog } from '../../../components/form/FormDialog.tsx';
import { FormRootError } from '../../../components/form/FormRootError.tsx';
import { FormTextField } from '../../../components/form/FormTextField.tsx';
import { bodyResolver, textOf, useFormSubmit } from '../../../lib/forms.ts';
import { usePremiumGroups, useSavePremium } from '../api.ts';
import { CategoriesAutocomplete, type CategoryRef } from '../components/CategoryAutocomplete.tsx';
import { PremiumsAutocomplete } from '../components/PremiumAutocomplete.tsx';
import { PremiumGroupDialog } from '../components/PremiumGroupDialog.tsx';
import { PriceInput } from '../components/PriceInput.tsx';
import { TagsField, type TagValue } from '../components/TagsField.tsx';
import type { KindConfig } from '../kinds.ts';

type DoorAttr = (typeof DOOR_STYLE_ATTRS)[number];

export interface PremiumFormValues {
  code: string;
  description: string;
  categories: CategoryRef[];
  finish_options: number[];
  wood_species: number[];
  export_name: string;
  config: { door_style_attrs: Record<DoorAttr, string> };
  price: string;
  percentage: string;
  tags: TagValue[];
  export_category: string;
  premium_group: string;
  index: string;
  use_finish_option_for_export: boolean;
  is_cabinet_construction_vertical: boolean;
}

const DOOR_ATTR_LABELS: Record<DoorAttr, string> = {
  outside_edge: CATALOG_TEXT.outsideEdge,
  panel_detail: CATALOG_TEXT.panelDetail,
  inside_edge: CATALOG_TEXT.insideEdge,
  route_pattern: CATALOG_TEXT.routePattern,
};

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
  const { control, handleSubmit, setError, setValue, formState } = useForm<PremiumFormValues>({
    resolver,
    defaultValues: defaults(premium),
  });
  const f = config.fields;
  const locked = f.identityLocked;

  const onSubmit = useFormSubmit(
    { handleSubmit, setError },
    FIELD_NAMES,
    async (values) => {
      await save.mutateAsync({ id: premium?.id, body: toBody(values, config) });
      onClose();
      return premium ? MSG.premiumUpdated(config.name) : MSG.premiumCreated(config.name);
    },
    { failed: { fields: MSG.premiumSaveFieldErrors(config.name), other: MSG.premiumSaveFailed(config.name) } },
  );

  const half = { xs: 12, sm: 6 } as const;

  return (
    <FormDialog
      title={premium ? CATALOG_TEXT.editTitle(config.name, premium.code) : CATALOG_TEXT.newTitle(config.name)}
      submitLabel={premium ? CATALOG_TEXT.save : CATALOG_TEXT.create}
      onSubmit={onSubmit}
      onClose={onClose}
      pending={save.isPending}
      maxWidth="md"
      testId="premium-form-dialog"
      submitTestId="premium-form-submit"
    >
      <Grid container spacing={2}>
        {locked && (
          <Grid size={12}>
            <Alert severity="info">{CATALOG_TEXT.identityLocked}</Alert>
          </Grid>
        )}
        <Grid size={12}>
          <FormRootError errors={formState.errors} />
        </Grid>
        <Grid size={half}>
          <FormTextField
            control={control}
            name="code"
            label={CATALOG_TEXT.code}
            required
            disabled={locked}
            autoFocus={!premium}
          />
        </Grid>
        <Grid size={half}>
          <FormTextField control={control} name="description" label={CATALOG_TEXT.description} disabled={locked} />
        </Grid>
        <Grid size={12}>
          <FormAutocomplete
            control={control}
            name="categories"
            component={CategoriesAutocomplete}
            type={config.type}
            required
            testId="categories-autocomplete"
          />
        </Grid>
        {f.finishOptions && (
          <Grid size={12}>
            <FormAutocomplete
              control={control}
              name="finish_options"
              component={PremiumsAutocomplete}
              kind="finish_option"
              label={CATALOG_TEXT.finishOptions}
              testId="finish-options-autocomplete"
            />
          </Grid>
        )}
        {f.woodSpecies && (
          <Grid size={12}>
            <FormAutocomplete
              control={control}
              name="wood_species"
              component={PremiumsAutocomplete}
              kind="wood_species"
              label={CATALOG_TEXT.woodSpecies}
              testId="wood-species-autocomplete"
            />
          </Grid>
        )}
        <Grid size={f.exportCategory ? half : 12}>
          <FormTextField
            control={control}
            name="export_name"
            label={CATALOG_TEXT.exportName}
            required={config.type !== 'FINISHED_SIDE'}
            disabled={locked}
          />
        </Grid>
        {f.exportCategory && (
          <Grid size={half}>
            <FormTextField control={control} name="export_category" label={CATALOG_TEXT.exportCategory} select>
              <MenuItem value="">
                <em>{CATALOG_TEXT.none}</em>
              </MenuItem>
              {EXPORT_CATEGORIES.map((c) => (
                <MenuItem key={c.value} value={String(c.value)}>
                  {c.label}
                </MenuItem>
              ))}
            </FormTextField>
          </Grid>
        )}
        {f.doorStyleAttrs && (
          <>
            <Grid size={12}>
              <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
                {CATALOG_TEXT.doorStyleAttributes}
              </Typography>
            </Grid>
            {DOOR_STYLE_ATTRS.map((attr) => (
              <Grid key={attr} size={{ xs: 12, sm: 6, md: 3 }}>
                <FormTextField
                  control={control}
                  name={`config.door_style_attrs.${attr}`}
                  label={DOOR_ATTR_LABELS[attr]}
                />
              </Grid>
            ))}
          </>
        )}
        <Grid size={half}>
          <Controller
            control={control}
            name="price"
            render={({ field, fieldState }) => (
              <PriceInput
                label={CATALOG_TEXT.price}
                value={field.value}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={fieldState.error?.message}
                hint={CATALOG_TEXT.priceHint}
                adornment="$"
                onChange={(next) => {
                  field.onChange(next);
                  // SPEC 4: entering a price clears the percentage.
                  if (next.trim() !== '') setValue('percentage', '', { shouldValidate: formState.isSubmitted });
                }}
              />
            )}
          />
        </Grid>
        <Grid size={half}>
          <Controller
            control={control}
            name="percentage"
            render={({ field, fieldState }) => (
              <PriceInput
                label={CATALOG_TEXT.percentage}
                value={field.value}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={fieldState.error?.message}
                hint={CATALOG_TEXT.percentageHint}
                adornment="%"
                adornmentEnd
                onChange={(next) => {
                  field.onChange(next);
                  if (next.trim() !== '') setValue('price', '', { shouldValidate: formState.isSubmitted });
                }}
              />
            )}
          />
        </Grid>
        {f.group && (
          <Grid size={{ xs: 12, sm: 8 }}>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
              <FormTextField
                control={control}
                name="premium_group"
                label={CATALOG_TEXT.headerGroup}
                select
                slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 320 } } } } } }}
              >
                <MenuItem value="">
                  <em>{CATALOG_TEXT.none}</em>
                </MenuItem>
                {groupOptions.map((g) => (
                  <MenuItem key={g.id} value={String(g.id)}>
                    {g.name}
                  </MenuItem>
                ))}
              </FormTextField>
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
          </Grid>
        )}
        <Grid size={f.group ? { xs: 12, sm: 4 } : half}>
          <FormTextField
            control={control}
            name="index"
            label={CATALOG_TEXT.index}
            type="number"
            slotProps={{ htmlInput: { min: 0 } }}
          />
        </Grid>
        {(f.useFinishOptionForExport || f.constructionVertical) && (
          <Grid size={12}>
            {f.useFinishOptionForExport && (
              <CheckboxField
                control={control}
                name="use_finish_option_for_export"
                label={CATALOG_TEXT.useFinishOptionForExport}
              />
            )}
            {f.constructionVertical && (
              <CheckboxField
                control={control}
                name="is_cabinet_construction_vertical"
                label={CATALOG_TEXT.cabinetConstructionVertical}
              />
            )}
          </Grid>
        )}
        <Grid size={12}>
          <Divider sx={{ mb: 2 }} />
          <TagsField control={control} />
        </Grid>
      </Grid>
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

function CheckboxField({
  control,
  name,
  label,
}: {
  control: import('react-hook-form').Control<PremiumFormValues>;
  name: 'use_finish_option_for_export' | 'is_cabinet_construction_vertical';
  label: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} name={name} />}
          label={label}
        />
      )}
    />
  );
}
