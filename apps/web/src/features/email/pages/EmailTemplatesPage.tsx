import { EMAIL_TEXT, type EmailTemplate } from '@cab/shared';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link as RouterLink } from 'react-router';
import { DataTable } from '../../../components/data-table/DataTable.tsx';
import type { DataColumn } from '../../../components/data-table/types.ts';
import { useSearchState } from '../../../components/data-table/useListState.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useTemplates } from '../api.ts';
import { OutboxView } from '../components/OutboxView.tsx';

const COLUMNS: DataColumn<EmailTemplate>[] = [
  { key: 'label', header: EMAIL_TEXT.label, render: (t) => t.label, noWrap: true },
  { key: 'description', header: EMAIL_TEXT.description, render: (t) => t.description },
  { key: 'subject', header: EMAIL_TEXT.subject, render: (t) => t.subject },
  { key: 'updated', header: EMAIL_TEXT.lastUpdated, render: (t) => formatDateTime(t.updated_at), noWrap: true },
];

const TABS = { tab: 'templates' };

/**
 * /settings/email/templates. SPEC has no route of its own for the outbox (the admin's reader of
 * queued, sent and failed mail), so it lives here as a second tab (?tab=outbox).
 */
export default function EmailTemplatesPage() {
  const [kept, setTabs] = useSearchState({ key: 'email.templates', defaults: TABS });
  const tab = kept.tab === 'outbox' ? 'outbox' : 'templates';
  return (
    <>
      <PageHeader subtitle={tab === 'outbox' ? EMAIL_TEXT.outboxSubtitle : EMAIL_TEXT.templatesSubtitle} />
      <Tabs value={tab} onChange={(_, next: string) => setTabs({ tab: next }, { push: false })} sx={{ mb: 2 }}>
        <Tab value="templates" label={EMAIL_TEXT.templatesTab} data-testid="tab-templates" />
        <Tab value="outbox" label={EMAIL_TEXT.outboxTab} data-testid="tab-outbox" />
      </Tabs>
      {tab === 'templates' ? <TemplatesTable /> : <OutboxView />}
    </>
  );
}

function TemplatesTable() {
  const templates = useTemplates();
  return (
    <Card>
      <DataTable
        columns={COLUMNS}
        rows={templates.data ?? []}
        getRowId={(t) => t.name}
        loading={templates.isPending}
        loadError={templates.isError ? { onRetry: () => void templates.refetch() } : undefined}
        emptyText={EMAIL_TEXT.noTemplates}
        testId="templates-table"
        rowTestId={(t) => `template-${t.name}`}
        rowActions={(t) => (
          <Button
            component={RouterLink}
            to={`/settings/email/templates/edit/${t.name}`}
            size="small"
            startIcon={<EditOutlined fontSize="small" />}
            aria-label={`${EMAIL_TEXT.edit} ${t.label}`}
            data-testid={`edit-${t.name}`}
          >
            {EMAIL_TEXT.edit}
          </Button>
        )}
      />
    </Card>
  );
}
