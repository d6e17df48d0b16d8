import { EMAIL_TEXT, OUTBOX_STATUSES, PAGE_SIZE } from '@cab/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { oneSelectFilter, PagedDataTable } from '../../../components/data-table/PagedDataTable.tsx';
import type { DataColumn } from '../../../components/data-table/types.ts';
import { useListQuery } from '../../../components/data-table/useListState.ts';
import { LinkifiedText } from '../../../components/LinkifiedText.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { type OutboxStatus, useOutbox } from '../api.ts';

type Message = NonNullable<ReturnType<typeof useOutbox>['data']>['results'][number];

const STATUS_COLOR = { PENDING: 'warning', SENT: 'success', FAILED: 'error' } as const;

function StatusChip({ status }: { status: OutboxStatus }) {
  return <Chip size="small" label={EMAIL_TEXT.outboxStatus[status]} color={STATUS_COLOR[status]} variant="outlined" />;
}

const COLUMNS: DataColumn<Message>[] = [
  { key: 'created', header: EMAIL_TEXT.created, render: (m) => formatDateTime(m.created_at), noWrap: true },
  { key: 'to', header: EMAIL_TEXT.to, render: (m) => m.to },
  { key: 'subject', header: EMAIL_TEXT.subject, render: (m) => m.subject },
  { key: 'status', header: EMAIL_TEXT.status, render: (m) => <StatusChip status={m.status} /> },
  { key: 'attempts', header: EMAIL_TEXT.attempts, render: (m) => m.attempts, align: 'right' },
];

/** The admin's reader of the outbox: every message kept, filtered by status, newest first. */
export function OutboxView() {
  const list = useListQuery(
    {
      key: 'email.outbox',
      prefix: 'outbox',
      pageSize: PAGE_SIZE.outbox,
      filters: { status: '' },
    },
    useOutbox,
  );
  const [open, setOpen] = useState<Message | null>(null);

  return (
    <Card>
      <PagedDataTable
        {...list}
        filters={oneSelectFilter({
          name: 'status',
          label: EMAIL_TEXT.status,
          anyLabel: EMAIL_TEXT.anyStatus,
          options: OUTBOX_STATUSES,
          labels: EMAIL_TEXT.outboxStatus,
          testId: 'outbox-status',
        })}
        columns={COLUMNS}
        emptyText={EMAIL_TEXT.noMessages}
        testId="outbox-table"
        rowTestId={(m) => `outbox-${m.id}`}
        onRowClick={setOpen}
        rowActions={(m) => (
          <Button size="small" onClick={() => setOpen(m)}>
            {EMAIL_TEXT.open}
          </Button>
        )}
      />
      {open && <MessageDialog message={open} onClose={() => setOpen(null)} />}
    </Card>
  );
}

function MessageDialog({ message, onClose }: { message: Message; onClose: () => void }) {
  const facts: [string, React.ReactNode][] = [
    [EMAIL_TEXT.to, message.to],
    [EMAIL_TEXT.status, <StatusChip key="s" status={message.status} />],
    [EMAIL_TEXT.attempts, message.attempts],
    [EMAIL_TEXT.created, formatDateTime(message.created_at)],
    [
      message.status === 'SENT' ? EMAIL_TEXT.sentAt : EMAIL_TEXT.nextAttempt,
      formatDateTime(message.sent_at ?? message.next_attempt_at),
    ],
  ];
  if (message.last_error) facts.push([EMAIL_TEXT.lastError, message.last_error]);
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth data-testid="outbox-message">
      <DialogTitle>{message.subject}</DialogTitle>
      <DialogContent dividers>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: 1, m: 0, mb: 2 }}>
          {facts.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
        <Box
          component="pre"
          data-testid="outbox-body"
          sx={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', bgcolor: 'grey.50', p: 2, borderRadius: 1, m: 0 }}
        >
          <LinkifiedText text={message.body} />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{EMAIL_TEXT.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
