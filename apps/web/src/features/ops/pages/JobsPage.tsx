import { type Job, OPS_TEXT } from '@cab/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import { useEffect, useState } from 'react';
import { DataTable } from '../../../components/data-table/DataTable.tsx';
import type { DataColumn } from '../../../components/data-table/types.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useJobs, useRunJob } from '../api.ts';

const STATUS_COLOR = { SCHEDULED: 'success', RUNNING: 'info', RETRYING: 'warning', FAILED: 'error' } as const;

function scheduleText(schedule: Job['schedule']) {
  if (!schedule) return OPS_TEXT.notRunHere;
  if (schedule.daily) return OPS_TEXT.daily;
  const seconds = Math.round((schedule.every_ms ?? 0) / 1000);
  return seconds < 120 ? OPS_TEXT.everySeconds(seconds) : OPS_TEXT.everyMinutes(Math.round(seconds / 60));
}

const COLUMNS: DataColumn<Job>[] = [
  { key: 'name', header: OPS_TEXT.job, render: (j) => j.name, noWrap: true },
  {
    key: 'status',
    header: OPS_TEXT.status,
    render: (j) => (
      <Chip size="small" variant="outlined" label={OPS_TEXT.jobStatus[j.status]} color={STATUS_COLOR[j.status]} />
    ),
  },
  { key: 'schedule', header: OPS_TEXT.schedule, render: (j) => scheduleText(j.schedule), noWrap: true },
  {
    key: 'last',
    header: OPS_TEXT.lastRun,
    render: (j) => (j.last_finished_at ? formatDateTime(j.last_finished_at) : OPS_TEXT.never),
    noWrap: true,
  },
  { key: 'next', header: OPS_TEXT.nextDue, render: (j) => formatDateTime(j.next_run_at), noWrap: true },
  { key: 'failures', header: OPS_TEXT.failures, render: (j) => j.failures, align: 'right' },
  { key: 'failed', header: OPS_TEXT.failedAt, render: (j) => formatDateTime(j.failed_at), noWrap: true },
  { key: 'error', header: OPS_TEXT.lastError, render: (j) => j.last_error ?? '' },
];

/** A run asked for: its job, and the end of the job's previous run (a new end is this run's). */
interface Watch {
  name: string;
  since: string | null;
}

/**
 * /settings/jobs: the background jobs every server shares (GET /api/ops/jobs/), and "Run now"
 * (POST /api/ops/jobs/:name/run/), followed until the run ends with its result.
 */
export default function JobsPage() {
  const [watch, setWatch] = useState<Watch | null>(null);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const jobs = useJobs(watch !== null);
  const run = useRunJob();

  useEffect(() => {
    const job = watch && jobs.data?.results.find((j) => j.name === watch.name);
    if (!job || job.status === 'RUNNING' || job.last_finished_at === watch?.since) return;
    setResult(
      job.last_error === null
        ? { ok: true, text: OPS_TEXT.ranOk(job.name) }
        : { ok: false, text: OPS_TEXT.ranFailed(job.name, job.last_error) },
    );
    setWatch(null);
  }, [jobs.data, watch]);

  const runNow = (job: Job) => {
    setResult(null);
    run.mutate(job.name, {
      // A job no runner here has is only made due: another server runs it, this page cannot follow it.
      onSuccess: () =>
        job.schedule
          ? setWatch({ name: job.name, since: job.last_finished_at })
          : setResult({ ok: true, text: OPS_TEXT.queued(job.name) }),
    });
  };
  const busy = (job: Job) => watch?.name === job.name || (run.isPending && run.variables === job.name);

  return (
    <>
      <PageHeader subtitle={OPS_TEXT.jobsSubtitle} />
      {result && (
        <Alert severity={result.ok ? 'success' : 'error'} sx={{ mb: 2 }} data-testid="job-result">
          {result.text}
        </Alert>
      )}
      <Card>
        <DataTable
          columns={COLUMNS}
          rows={jobs.data?.results ?? []}
          getRowId={(j) => j.name}
          loading={jobs.isPending}
          loadError={jobs.isError ? { onRetry: () => void jobs.refetch() } : undefined}
          emptyText={OPS_TEXT.noJobs}
          testId="jobs-table"
          rowTestId={(j) => `job-${j.name}`}
          rowActions={(j) => (
            <Button
              size="small"
              disabled={watch !== null || run.isPending}
              onClick={() => runNow(j)}
              startIcon={busy(j) ? <CircularProgress size={14} /> : undefined}
            >
              {busy(j) ? OPS_TEXT.running : OPS_TEXT.runNow}
            </Button>
          )}
        />
      </Card>
    </>
  );
}
