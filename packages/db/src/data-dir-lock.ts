import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/**
 * PGlite is a single-process database: two processes on one data directory each see only their
 * own writes and corrupt it on the next crash. The first opener holds `pgdata.lock` (its pid, host
 * and start time); a second opener gets a clear error and touches nothing. A lock left by a process that no
 * longer runs (a crash) is taken over.
 */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The data directory ${dataDir} is in use by another process (pid ${pid}): a server (npm start) or db:migrate/db:seed is already running on it. Stop it first, or set DATA_DIR to another folder.`,
    );
    this.name = 'DataDirInUseError';
  }
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const readHolder = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
};

/**
 * An opener creates the lock file and then writes its pid: a file still empty after this long was
 * left by a crash between the two steps, not by an opener at work.
 */
export const EMPTY_LOCK_STALE_MS = 10_000;

const olderThan = (file: string, ms: number) => {
  try {
    return Date.now() - statSync(file).mtimeMs > ms;
  } catch {
    return true; // gone: nobody holds it
  }
};

/**
 * When a process started, as the kernel counts it (Linux /proc; undefined elsewhere): with the pid
 * it names one process, where a pid alone may be reused after a crash (a restarted container's
 * server is pid 1 again).
 */
function startTimeOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22 (starttime), counted after the command name in parentheses (which may hold spaces).
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

/** Lock files this process holds: a lock naming this process is stale unless it is one of them. */
const heldHere = new Set<string>();

/**
 * The pid in a lock file's `pid@host[@start]`, unless that process is known to have ended (a
 * crash): it no longer runs, or its pid now belongs to a process started at another time (this
 * one included).
 */
function liveHolder(holder: string, file: string): number | undefined {
  if (holder.trim() === '') return olderThan(file, EMPTY_LOCK_STALE_MS) ? undefined : 0;
  const [pidText, host, started] = holder.split('@');
  const pid = Number(pidText);
  if (host !== hostname() || !Number.isInteger(pid) || pid <= 0) return pid;
  if (pid === process.pid) return heldHere.has(file) ? pid : undefined;
  if (!isRunning(pid)) return undefined;
  const runningSince = started ? startTimeOf(pid) : undefined;
  return runningSince !== undefined && runningSince !== started ? undefined : pid;
}

/** Throws DataDirInUseError when a running process holds `dataDir`; takes nothing. */
export function assertDataDirFree(dataDir: string): void {
  const file = path.join(dataDir, 'pgdata.lock');
  const holder = readHolder(file);
  const pid = holder === undefined ? undefined : liveHolder(holder, file);
  if (pid !== undefined) throw new DataDirInUseError(dataDir, pid);
}

/** Takes the lock of `dataDir`; returns its release. Throws DataDirInUseError when held. */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, 'pgdata.lock');
  const me = `${process.pid}@${hostname()}@${startTimeOf(process.pid) ?? ''}`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, me);
      closeSync(fd);
      heldHere.add(file);
      return () => {
        heldHere.delete(file);
        try {
          if (readFileSync(file, 'utf8') === me) unlinkSync(file);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = readHolder(file);
    if (holder === undefined) continue; // released meanwhile: try again
    const pid = liveHolder(holder, file);
    if (pid !== undefined) throw new DataDirInUseError(dataDir, pid);
    // Remove only the stale lock we read: another opener may have taken over in between.
    if (readHolder(file) === holder) unlinkSync(file);
  }
  throw new DataDirInUseError(dataDir, 0);
}
