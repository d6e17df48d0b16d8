/** Labels and messages of the admin's background jobs page (/settings/jobs). */
export const OPS_TEXT = {
  jobsSubtitle:
    'Work the servers do in the background. A job that fails past its retries stops until you run it again.',
  job: 'Job',
  status: 'Status',
  schedule: 'Schedule',
  lastRun: 'Last run',
  nextDue: 'Next due',
  failures: 'Failures in a row',
  failedAt: 'Stopped at',
  lastError: 'Last error',
  never: 'Never',
  noJobs: 'No background job has run yet',
  runNow: 'Run now',
  running: 'Running…',
  jobStatus: { SCHEDULED: 'Scheduled', RUNNING: 'Running', RETRYING: 'Retrying', FAILED: 'Stopped' },
  /** A job's schedule: every so many seconds or minutes, or once a day. */
  everySeconds: (n: number) => `Every ${n} s`,
  everyMinutes: (n: number) => `Every ${n} min`,
  daily: 'Daily at 00:00 UTC',
  notRunHere: 'Not run by this server',
  ranOk: (job: string) => `${job} ran`,
  ranFailed: (job: string, error: string) => `${job} failed: ${error}`,
  /** The job is due now but no server here runs it (off for the config): another server will. */
  queued: (job: string) => `${job} is due now`,
};
