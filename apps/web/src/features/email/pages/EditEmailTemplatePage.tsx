import {
  EMAIL_TEXT,
  type EmailTemplate,
  type EmailTemplateBody,
  emailTemplateBodySchema,
  emailTemplateDefinition,
  NOTIFY_MS,
} from '@cab/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink, useParams } from 'react-router';
import { PageLoader } from '../../../components/FullPageLoader.tsx';
import { FormRootError } from '../../../components/form/FormRootError.tsx';
import { SubmitButton } from '../../../components/form/SubmitButton.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useDebouncedValue } from '../../../components/useDebounced.ts';
import { isApiRequestError } from '../../../lib/api.ts';
import { useFormSubmit } from '../../../lib/forms.ts';
import { useCurrentRoute } from '../../../lib/routes.ts';
import { useSnackbar } from '../../../lib/toasts.ts';
import { emailKeys, previewTemplate, useSaveTemplate, useTemplate } from '../api.ts';

const FIELDS = ['subject', 'body'] as const;
type Field = (typeof FIELDS)[number];
const PREVIEW_DEBOUNCE_MS = 500;

/** /settings/email/templates/edit/{template_name} */
export default function EditEmailTemplatePage() {
  const { template_name: name = '' } = useParams();
  const template = useTemplate(name);
  if (!template.data) return <PageLoader />;
  return <TemplateEditor key={name} template={template.data} />;
}

function TemplateEditor({ template }: { template: EmailTemplate }) {
  const route = useCurrentRoute();
  const { enqueueSnackbar } = useSnackbar();
  const save = useSaveTemplate(template.name);
  const { control, handleSubmit, setError, setValue, getValues, formState } = useForm<EmailTemplateBody>({
    resolver: zodResolver(emailTemplateBodySchema),
    defaultValues: { subject: template.subject, body: template.body },
  });
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const lastFocused = useRef<Field>('body');

  // Live preview: the server renders exactly what it would send, with the template's sample data.
  const [subject, body] = useWatch({ control, name: ['subject', 'body'] });
  // Debounced as a string: a fresh object each render would restart the timer forever.
  const settledKey = useDebouncedValue(JSON.stringify({ subject, body }), PREVIEW_DEBOUNCE_MS);
  const settled = JSON.parse(settledKey) as EmailTemplateBody;
  const preview = useQuery({
    queryKey: [...emailKeys.template(template.name), 'preview', settledKey],
    queryFn: ({ signal }) => previewTemplate(template.name, settled, signal),
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const previewFields = isApiRequestError(preview.error) ? preview.error.fields : {};

  const insert = (placeholder: string) => {
    const field = lastFocused.current;
    const el = inputs.current[field];
    const value = getValues(field) ?? '';
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? start;
    const token = `{{ ${placeholder} }}`;
    setValue(field, value.slice(0, start) + token + value.slice(end), { shouldDirty: true });
    // Put the caret after the inserted placeholder once React has rendered the new value.
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  const resetToDefault = () => {
    const definition = emailTemplateDefinition(template.name);
    if (!definition) return;
    setValue('subject', definition.subject, { shouldDirty: true });
    setValue('body', definition.body, { shouldDirty: true });
    enqueueSnackbar(EMAIL_TEXT.resetDone, { variant: 'info', autoHideDuration: NOTIFY_MS.short });
  };

  const onSubmit = useFormSubmit({ handleSubmit, setError }, FIELDS, async (values) => {
    await save.mutateAsync(values);
    return EMAIL_TEXT.templateSaved;
  });

  const fieldProps = (field: Field) => ({
    inputRef: (el: HTMLInputElement | HTMLTextAreaElement | null) => {
      inputs.current[field] = el;
    },
    onFocus: () => {
      lastFocused.current = field;
    },
  });

  return (
    <>
      <PageHeader
        title={`${route.title}: ${template.label}`}
        subtitle={template.description}
        actions={
          <Button component={RouterLink} to="/settings/email/templates" startIcon={<ArrowBack />} color="inherit">
            {EMAIL_TEXT.backToTemplates}
          </Button>
        }
      />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, alignItems: 'start' }}>
        <Card>
          <CardContent component="form" noValidate onSubmit={onSubmit} sx={{ p: { xs: 2, sm: 3 } }}>
            <Stack spacing={2.5}>
              <FormRootError errors={formState.errors} />
              {FIELDS.map((field) => (
                <Controller
                  key={field}
                  name={field}
                  control={control}
                  render={({ field: f, fieldState }) => {
                    const message = fieldState.error?.message ?? previewFields[field]?.join(' ');
                    return (
                      <TextField
                        {...fieldProps(field)}
                        name={f.name}
                        value={f.value ?? ''}
                        onChange={f.onChange}
                        onBlur={f.onBlur}
                        label={field === 'subject' ? EMAIL_TEXT.subject : EMAIL_TEXT.body}
                        multiline={field === 'body'}
                        minRows={field === 'body' ? 10 : undefined}
                        error={Boolean(message)}
                        helperText={message}
                        slotProps={{
                          htmlInput: { 'data-testid': `template-${field}`, spellCheck: field === 'body' },
                          formHelperText: { 'data-testid': `template-${field}-error` } as object,
                        }}
                        sx={field === 'body' ? { '& textarea': { fontFamily: 'monospace' } } : undefined}
                      />
                    );
                  }}
                />
              ))}
              <Box>
                <Typography variant="subtitle2">{EMAIL_TEXT.placeholders}</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                  {EMAIL_TEXT.placeholdersHint}
                </Typography>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} data-testid="placeholders">
                  {template.placeholders.map((p) => (
                    <Chip
                      key={p}
                      label={`{{ ${p} }}`}
                      size="small"
                      variant="outlined"
                      // Keep the caret where it is in the field being edited.
                      onMouseDown={(e) => e.preventDefault()}
                      onClick={() => insert(p)}
                      sx={{ fontFamily: 'monospace' }}
                    />
                  ))}
                </Box>
              </Box>
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                <SubmitButton pending={save.isPending} data-testid="template-save">
                  {EMAIL_TEXT.save}
                </SubmitButton>
                <Button onClick={resetToDefault} color="inherit" data-testid="template-reset">
                  {EMAIL_TEXT.resetToDefault}
                </Button>
              </Box>
            </Stack>
          </CardContent>
        </Card>
        <Card data-testid="template-preview">
          <Box sx={{ height: 4 }}>{preview.isFetching && <LinearProgress sx={{ height: 4 }} />}</Box>
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography variant="h6">{EMAIL_TEXT.preview}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {EMAIL_TEXT.previewHint}
            </Typography>
            {preview.isError && (
              <Alert severity="error" sx={{ mb: 2 }} data-testid="preview-error">
                {EMAIL_TEXT.previewFailed}
              </Alert>
            )}
            <Box sx={{ opacity: preview.isError ? 0.5 : 1 }}>
              <Typography variant="subtitle1" sx={{ fontWeight: 600 }} data-testid="preview-subject">
                {preview.data?.subject}
              </Typography>
              <Box
                component="pre"
                data-testid="preview-body"
                sx={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', bgcolor: 'grey.50', p: 2, borderRadius: 1 }}
              >
                {preview.data?.body}
              </Box>
            </Box>
          </CardContent>
        </Card>
      </Box>
    </>
  );
}
