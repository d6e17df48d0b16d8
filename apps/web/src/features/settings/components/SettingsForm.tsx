import { MSG, SETTINGS_TEXT, type Settings, type SettingsPatch } from '@cab/shared';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import {
  type Control,
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import { type FieldList, FormFields } from '../../../components/form/FormFields.tsx';
import { PageForm } from '../../../components/form/PageForm.tsx';
import { type FormSubmitOptions, useFrameSubmit } from '../../../lib/forms.ts';
import { usePatchSettings } from '../api.ts';

/** One settings page's form: how the shop's settings become its values and its values a PATCH. */
export interface SettingsFormShape<V extends FieldValues> {
  resolver: Resolver<V>;
  valuesOf: (settings: Settings) => V;
  bodyOf: (values: V) => SettingsPatch;
  /** The fields a server error may name (or `fieldOf`, mapping a server field to a form path). */
  fields?: readonly Path<V>[];
  fieldOf?: FormSubmitOptions['fieldOf'];
  testId: string;
  submitTestId: string;
}

/**
 * A page of the shop's settings (/settings/global, /finance/settings): one form over GET/PATCH
 * /api/core/settings/, saved as a whole, laid out in two columns (`columns` gets the form).
 */
export function SettingsForm<V extends FieldValues>({
  settings,
  shape,
  columns,
}: {
  settings: Settings;
  shape: SettingsFormShape<V>;
  columns: (form: UseFormReturn<V>) => [ReactNode, ReactNode];
}) {
  const patch = usePatchSettings();
  const form = useForm<V>({
    resolver: shape.resolver,
    defaultValues: shape.valuesOf(settings) as DefaultValues<V>,
  });
  const frame = useFrameSubmit(
    form,
    shape.fields ?? [],
    async (values) => {
      form.reset(shape.valuesOf(await patch.mutateAsync(shape.bodyOf(values))));
      return MSG.settingsUpdated;
    },
    { fieldOf: shape.fieldOf, pending: patch.isPending },
  );
  const [left, right] = columns(form);
  return (
    <PageForm
      {...frame}
      submitLabel={SETTINGS_TEXT.saveSettings}
      submitTestId={shape.submitTestId}
      submitSize="large"
      spacing={3}
      testId={shape.testId}
    >
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
        {left}
        {right}
      </Box>
    </PageForm>
  );
}

/** A titled card of declared settings fields. */
export function SettingsCard<V extends FieldValues>({
  control,
  title,
  subheader,
  fields,
}: {
  control: Control<V>;
  title: string;
  subheader?: string;
  fields: FieldList<V>;
}) {
  return (
    <Card>
      <CardHeader title={title} subheader={subheader} />
      <CardContent sx={{ pt: 0 }}>
        <Stack spacing={2}>
          <FormFields control={control} fields={fields} />
        </Stack>
      </CardContent>
    </Card>
  );
}
