import {
  PROPOSAL_ACCEPT_ACTIONS,
  PROPOSAL_TEXT,
  type ProposalSettings,
  type ProposalSettingsPatch,
  proposalSettingsPatchSchema,
  PROPOSALS_WEB_TEXT as T,
} from '@cab/shared';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FileField } from '../../../components/FileField.tsx';
import { type FieldList, FormFields } from '../../../components/form/FormFields.tsx';
import { PageForm } from '../../../components/form/PageForm.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { isApiRequestError } from '../../../lib/api.ts';
import { bodyResolver, useFrameSubmit } from '../../../lib/forms.ts';
import { useSnackbar } from '../../../lib/toasts.ts';
import { type SettingsOwner, useProposalSettings, useSaveProposalSettings, useUploadLogo } from '../api.ts';

type Values = Omit<ProposalSettings, 'logo_url' | 'validity_days'> & { validity_days: string };

const valuesOf = ({ logo_url: _, validity_days, ...rest }: ProposalSettings): Values => ({
  ...rest,
  validity_days: String(validity_days),
});
const bodyOf = (v: Values): ProposalSettingsPatch => ({
  ...v,
  validity_days: v.validity_days.trim() as unknown as number,
});

const FIELDS: FieldList<Values> = [
  { name: 'display_name', label: T.displayName, size: 'half', testId: 'proposal-settings-name' },
  { name: 'phone', label: T.phone, type: 'tel', size: 'half', testId: 'proposal-settings-phone' },
  {
    name: 'address',
    label: T.address,
    type: 'multiline',
    minRows: 2,
    size: 'full',
    testId: 'proposal-settings-address',
  },
  { name: 'licence_number', label: T.licence, size: 'half', testId: 'proposal-settings-licence' },
  {
    name: 'default_markup_percent',
    label: T.defaultMarkup,
    size: 'quarter',
    inputMode: 'decimal',
    testId: 'proposal-settings-markup',
  },
  { name: 'tax_rate', label: T.defaultTaxRate, size: 'quarter', inputMode: 'decimal', testId: 'proposal-settings-tax' },
  {
    name: 'validity_days',
    label: T.validityDays,
    type: 'number',
    min: 1,
    size: 'quarter',
    testId: 'proposal-settings-validity',
  },
  {
    name: 'accept_action',
    label: T.onAccept,
    type: 'select',
    options: PROPOSAL_ACCEPT_ACTIONS,
    labels: PROPOSAL_TEXT.acceptActionLabels,
    size: 'full',
    testId: 'proposal-settings-accept-action',
  },
  {
    name: 'default_terms',
    label: T.defaultTerms,
    type: 'multiline',
    minRows: 3,
    size: 'full',
    testId: 'proposal-settings-terms',
  },
];
const NAMES = FIELDS.flatMap((f) => (f && 'name' in f ? [f.name] : []));

/** The logo: a preview of the one saved, and a file chosen is uploaded at once. */
function Logo({ owner, url }: { owner: SettingsOwner; url: string | null }) {
  const upload = useUploadLogo(owner);
  const { enqueueSnackbar } = useSnackbar();
  const [error, setError] = useState<string | null>(null);
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Typography variant="subtitle2" component="h3">
        {T.logo}
      </Typography>
      {url ? (
        <Box
          component="img"
          src={url}
          alt={T.logoPreview}
          sx={{ maxHeight: 96, maxWidth: 240, objectFit: 'contain' }}
          data-testid="proposal-logo-preview"
        />
      ) : (
        <Typography variant="body2" color="text.secondary">
          {T.noLogo}
        </Typography>
      )}
      <FileField
        accept="image/png,image/jpeg,image/gif"
        label={T.chooseLogo}
        file={null}
        disabled={upload.isPending}
        error={error}
        testId="proposal-logo"
        onChange={(file) => {
          if (!file) return;
          setError(null);
          upload.mutate(file, {
            onSuccess: () => enqueueSnackbar(T.logoSaved, { variant: 'success' }),
            onError: (e) => setError(isApiRequestError(e) ? (Object.values(e.fields)[0]?.[0] ?? e.message) : String(e)),
          });
        }}
      />
    </Box>
  );
}

function SettingsForm({ owner, settings }: { owner: SettingsOwner; settings: ProposalSettings }) {
  const save = useSaveProposalSettings(owner);
  const resolver = useMemo(() => bodyResolver<Values>(proposalSettingsPatchSchema, bodyOf), []);
  const form = useForm<Values>({ resolver, defaultValues: valuesOf(settings) });
  const frame = useFrameSubmit(
    form,
    NAMES,
    async (values) => {
      await save.mutateAsync(bodyOf(values));
      return T.saved;
    },
    { pending: save.isPending },
  );
  return (
    <PageForm {...frame} submitLabel={T.save} submitTestId="proposal-settings-save" testId="proposal-settings">
      <Logo owner={owner} url={settings.logo_url} />
      <Grid container spacing={2}>
        <FormFields control={form.control} fields={FIELDS} />
      </Grid>
    </PageForm>
  );
}

/** A dealer's proposal settings (issue 37): a company's on its page, a personal customer's on their own. */
export function ProposalSettingsCard({ owner }: { owner: SettingsOwner }) {
  const settings = useProposalSettings(owner);
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2">
          {T.settingsTitle}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {T.settingsHint}
        </Typography>
        <QueryState query={settings}>{(data) => <SettingsForm owner={owner} settings={data} />}</QueryState>
      </CardContent>
    </Card>
  );
}

export const CompanyProposalSettings = ({ companyId }: { companyId: number }) => (
  <ProposalSettingsCard owner={{ company: companyId }} />
);
