import {
  ANNOUNCEMENT_AUDIENCE_LABELS,
  ANNOUNCEMENT_AUDIENCES,
  type Announcement,
  type AnnouncementAudience,
  announcementBodySchema,
  EMAIL_TEXT,
  MSG,
  NOTIFY_MS,
  PAGE_SIZE,
} from '@cab/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { PagedDataTable } from '../../../components/data-table/PagedDataTable.tsx';
import type { DataColumn } from '../../../components/data-table/types.ts';
import { useListQuery } from '../../../components/data-table/useListState.ts';
import { FormRootError } from '../../../components/form/FormRootError.tsx';
import { FormSelect } from '../../../components/form/FormSelect.tsx';
import { FormTextField } from '../../../components/form/FormTextField.tsx';
import { SubmitButton } from '../../../components/form/SubmitButton.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { applyServerErrors, useFormSubmit } from '../../../lib/forms.ts';
import { useSnackbar } from '../../../lib/toasts.ts';
import { useAnnouncements, useExpireAnnouncement, usePreviewAnnouncement, useSendAnnouncement } from '../api.ts';

/** The form holds the expiry as the browser's local date-time; the wire wants an ISO instant. */
const formSchema = announcementBodySchema.extend({ expires_at: z.string().trim().min(1, MSG.required) });
type FormValues = z.input<typeof formSchema>;
const FIELDS = ['title', 'message', 'audience', 'expires_at'] as const;

/** A local 'YYYY-MM-DDTHH:mm' value, as <input type="datetime-local"> reads and writes it. */
function toLocalInput(date: Date): string {
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

const emptyForm = (): FormValues => ({
  title: '',
  message: '',
  audience: 'ALL_CUSTOMERS',
  expires_at: toLocalInput(new Date(Date.now() + 7 * 86_400_000)),
});

const toBody = (values: FormValues) => {
  const expires = new Date(values.expires_at);
  // An unparsable date goes as typed, so the server's field error names it.
  return { ...values, expires_at: Number.isNaN(expires.getTime()) ? values.expires_at : expires.toISOString() };
};

/** /settings/email/announcement */
export default function AnnouncementPage() {
  return (
    <>
      <PageHeader subtitle={EMAIL_TEXT.announcementSubtitle} />
      <AnnouncementForm />
      <Typography variant="h6" sx={{ mt: 4, mb: 1.5 }}>
        {EMAIL_TEXT.sentAnnouncements}
      </Typography>
      <AnnouncementList />
    </>
  );
}

function AnnouncementForm() {
  const { enqueueSnackbar } = useSnackbar();
  const previewer = usePreviewAnnouncement();
  const sender = useSendAnnouncement();
  const [confirmCount, setConfirmCount] = useState<number | null>(null);
  const { control, handleSubmit, setError, reset, formState, getValues } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: emptyForm(),
  });
  // A preview describes the form as it was; after an edit it is hidden until asked again.
  const [previewedForm, setPreviewedForm] = useState('');
  const current = JSON.stringify(useWatch({ control }));
  const previewed = previewer.data && previewedForm === current ? previewer.data : null;

  const runPreview = useFormSubmit({ handleSubmit, setError }, FIELDS, async (values) => {
    await previewer.mutateAsync(toBody(values));
    setPreviewedForm(JSON.stringify(getValues()));
  });

  // Send asks first, with the audience's size (a fresh preview, so the count is current).
  const askToSend = useFormSubmit({ handleSubmit, setError }, FIELDS, async (values) => {
    const preview = await previewer.mutateAsync(toBody(values));
    setPreviewedForm(JSON.stringify(getValues()));
    setConfirmCount(preview.recipients);
  });

  const send = async () => {
    try {
      const sent = await sender.mutateAsync(toBody(getValues()));
      setConfirmCount(null);
      previewer.reset();
      reset(emptyForm());
      enqueueSnackbar(MSG.announcementSent(sent.recipients), {
        variant: 'success',
        autoHideDuration: NOTIFY_MS.default,
      });
    } catch (error) {
      setConfirmCount(null);
      applyServerErrors(error, setError, FIELDS);
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, alignItems: 'start' }}>
      <Card>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack component="form" noValidate onSubmit={askToSend} spacing={2.5}>
            <Typography variant="h6">{EMAIL_TEXT.newAnnouncement}</Typography>
            <FormRootError errors={formState.errors} />
            <FormTextField
              control={control}
              name="title"
              label={EMAIL_TEXT.title}
              slotProps={{ htmlInput: { 'data-testid': 'announcement-title' } }}
            />
            <FormTextField
              control={control}
              name="message"
              label={EMAIL_TEXT.message}
              multiline
              minRows={5}
              slotProps={{ htmlInput: { 'data-testid': 'announcement-message' } }}
            />
            <FormSelect
              control={control}
              name="audience"
              label={EMAIL_TEXT.audience}
              options={ANNOUNCEMENT_AUDIENCES}
              labels={ANNOUNCEMENT_AUDIENCE_LABELS}
              slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'announcement-audience' } as object } }}
            />
            <FormTextField
              control={control}
              name="expires_at"
              label={EMAIL_TEXT.expiresAt}
              type="datetime-local"
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'announcement-expires' } }}
            />
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Button
                variant="outlined"
                onClick={() => void runPreview()}
                disabled={previewer.isPending}
                data-testid="announcement-preview"
              >
                {EMAIL_TEXT.previewButton}
              </Button>
              <SubmitButton pending={sender.isPending} data-testid="announcement-send">
                {EMAIL_TEXT.sendButton}
              </SubmitButton>
            </Box>
          </Stack>
        </CardContent>
      </Card>
      {previewed && (
        <Card data-testid="announcement-preview-card">
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
              <Typography variant="h6" sx={{ flex: 1 }}>
                {EMAIL_TEXT.preview}
              </Typography>
              <Chip
                color="primary"
                label={EMAIL_TEXT.recipientCount(previewed.recipients)}
                data-testid="recipient-count"
              />
            </Box>
            <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
              {previewed.subject}
            </Typography>
            <Box
              component="pre"
              sx={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', bgcolor: 'grey.50', p: 2, borderRadius: 1 }}
            >
              {previewed.body}
            </Box>
          </CardContent>
        </Card>
      )}
      <ConfirmDialog
        open={confirmCount !== null}
        title={EMAIL_TEXT.confirmSendTitle}
        text={EMAIL_TEXT.confirmSendText(confirmCount ?? 0)}
        confirmLabel={EMAIL_TEXT.sendButton}
        busy={sender.isPending}
        onConfirm={() => void send()}
        onClose={() => setConfirmCount(null)}
      />
    </Box>
  );
}

const isActive = (a: Announcement) => new Date(a.expires_at).getTime() > Date.now();

function AnnouncementList() {
  const list = useListQuery({ key: 'email.announcements', pageSize: PAGE_SIZE.announcementsScreen }, useAnnouncements);
  const expire = useExpireAnnouncement();
  const { enqueueSnackbar } = useSnackbar();
  const [toExpire, setToExpire] = useState<Announcement | null>(null);

  const columns: DataColumn<Announcement>[] = [
    { key: 'title', header: EMAIL_TEXT.title, render: (a) => a.title },
    {
      key: 'audience',
      header: EMAIL_TEXT.audience,
      render: (a) => ANNOUNCEMENT_AUDIENCE_LABELS[a.audience as AnnouncementAudience],
      noWrap: true,
    },
    { key: 'recipients', header: EMAIL_TEXT.recipients, render: (a) => a.recipients, align: 'right' },
    { key: 'by', header: EMAIL_TEXT.sentBy, render: (a) => a.created_by ?? '', noWrap: true },
    { key: 'on', header: EMAIL_TEXT.sentOn, render: (a) => formatDateTime(a.created_at), noWrap: true },
    { key: 'expires', header: EMAIL_TEXT.expiresAt, render: (a) => formatDateTime(a.expires_at), noWrap: true },
    {
      key: 'status',
      header: EMAIL_TEXT.status,
      render: (a) =>
        isActive(a) ? (
          <Chip size="small" color="success" variant="outlined" label={EMAIL_TEXT.active} />
        ) : (
          <Chip size="small" variant="outlined" label={EMAIL_TEXT.expired} />
        ),
    },
  ];

  const confirmExpire = async () => {
    if (!toExpire) return;
    try {
      await expire.mutateAsync(toExpire.id);
      enqueueSnackbar(EMAIL_TEXT.announcementExpired, { variant: 'success', autoHideDuration: NOTIFY_MS.short });
    } finally {
      setToExpire(null);
    }
  };

  return (
    <Card>
      <PagedDataTable
        {...list}
        columns={columns}
        emptyText={EMAIL_TEXT.noAnnouncements}
        testId="announcements-table"
        rowTestId={(a) => `announcement-${a.id}`}
        rowActions={(a) =>
          isActive(a) ? (
            <Button size="small" color="error" onClick={() => setToExpire(a)} data-testid={`expire-${a.id}`}>
              {EMAIL_TEXT.expireNow}
            </Button>
          ) : null
        }
      />
      <ConfirmDialog
        open={toExpire !== null}
        title={EMAIL_TEXT.expireConfirmTitle}
        text={EMAIL_TEXT.expireConfirmText}
        confirmLabel={EMAIL_TEXT.expireNow}
        destructive
        busy={expire.isPending}
        onConfirm={() => void confirmExpire()}
        onClose={() => setToExpire(null)}
      />
    </Card>
  );
}
