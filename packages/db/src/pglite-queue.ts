import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite, QueryOptions, Transaction } from '@electric-sql/pglite';

/**
 * Embedded PGlite runs one statement at a time, so callers wait in one line. PGlite's own lock
 * serves statements in the order they reach it, which lets a request that needs several
 * statements queue again behind every later request for each of them, and lets a transaction
 * hold the line from the moment it is opened, while its caller still does other work.
 *
 * Here the line is first come, first served by caller: a caller (one HTTP request, see
 * `inLine`) keeps the place it took when it arrived for all its statements, and a transaction
 * takes its place at its first statement (BEGIN is sent then) and leaves it at COMMIT/ROLLBACK.
 */
interface Caller {
  place: number;
  /** Settles on the caller's own turn of the event loop (see `admission`). */
  admitted?: Promise<void>;
}
const arrivals = new AsyncLocalStorage<Caller>();
let lastArrival = 0;

/** Whether a PGlite line exists in this process: on PostgreSQL alone callers need no place. */
let lineInUse = false;

/**
 * Runs `work` as one caller: every statement it issues is served before those of later callers.
 * Without PGlite it just runs `work`: the first AsyncLocalStorage.run turns on promise hooks for
 * the whole process, a cost on every promise (4 % of GET /api/users/me/ on PostgreSQL).
 */
export function inLine<T>(work: () => T): T {
  if (!lineInUse) return work();
  return arrivals.run({ place: ++lastArrival }, work);
}

/** A caller's place: its arrival, or (outside `inLine`) the moment the statement is issued. */
const place = () => arrivals.getStore()?.place ?? ++lastArrival;

/**
 * A caller's first statement waits for a turn of the event loop of its own: one new caller per
 * turn. PGlite answers synchronously, so an admitted request runs to its end within that turn.
 * Admitting every ready request at once made one turn last seconds under load, and the loop
 * accepts new connections only between turns: a newcomer waited until the load stopped.
 */
const admissions: Waiter[] = [];
function admission(): Promise<void> | undefined {
  const caller = arrivals.getStore();
  if (!caller) return undefined;
  caller.admitted ??= new Promise<void>((go) => {
    insertByPlace(admissions, { place: caller.place, go });
    if (admissions.length === 1) setImmediate(admitNext);
  });
  return caller.admitted;
}
function admitNext() {
  admissions.shift()!.go();
  if (admissions.length > 0) setImmediate(admitNext);
}

function insertByPlace(waiting: Waiter[], waiter: Waiter) {
  let i = waiting.length;
  while (i > 0 && waiting[i - 1]!.place > waiter.place) i--;
  waiting.splice(i, 0, waiter);
}

interface Waiter {
  place: number;
  go: () => void;
}

/** Every line of this process (one per PGlite client), for `pgliteLineDepth`. */
const lines = new Set<Line>();

/** Callers waiting for PGlite at this moment: to be admitted, or for the statement before theirs. */
export function pgliteLineDepth(): number {
  let depth = admissions.length;
  for (const line of lines) depth += line.depth;
  return depth;
}

/** One holder at a time; waiters ordered by place, ties by the order they asked. */
class Line {
  private held = false;
  private readonly waiting: Waiter[] = [];

  get depth() {
    return this.waiting.length;
  }

  enter(at: number): Promise<void> {
    if (!this.held) {
      this.held = true;
      return Promise.resolve();
    }
    return new Promise((go) => insertByPlace(this.waiting, { place: at, go }));
  }

  leave(): void {
    if (this.waiting.length === 0) {
      this.held = false;
      return;
    }
    // Hand over on the next turn of the event loop, so the caller just served can ask for its
    // next statement first: it arrived before those waiting.
    setImmediate(() => this.waiting.shift()!.go());
  }
}

type QueuedClient = Pick<PGlite, 'query' | 'exec' | 'transaction' | 'listen'>;

/** The client drizzle is given: PGlite's statements and transactions, through the fair line. */
export function queuedClient(pg: PGlite): QueuedClient {
  lineInUse = true;
  const line = new Line();
  lines.add(line);
  const inTurn = async <T>(run: () => Promise<T>): Promise<T> => {
    await admission();
    await line.enter(place());
    try {
      return await run();
    } finally {
      line.leave();
    }
  };

  return {
    query: <T>(text: string, params?: unknown[], options?: QueryOptions) =>
      inTurn(() => pg.query<T>(text, params, options)),
    exec: (text: string, options?: QueryOptions) => inTurn(() => pg.exec(text, options)),
    // LISTEN on the one embedded database: NOTIFY is heard at commit, as on PostgreSQL (modules/events).
    listen: (channel: string, callback: (payload: string) => void) => inTurn(() => pg.listen(channel, callback)),
    async transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
      type Outcome = { ok: true; value: T } | { ok: false; error: unknown };
      let finish!: (outcome: Outcome) => void;
      const outcome = new Promise<Outcome>((r) => (finish = r));
      // Opened (BEGIN) at the first statement, so work done before it does not hold the line.
      // `settled` ends with PGlite's COMMIT or ROLLBACK, after which the line moves on.
      let open: Promise<Transaction> | undefined;
      let settled: Promise<T> | undefined;
      const start = () => {
        open ??= Promise.resolve(admission())
          .then(() => line.enter(place()))
          .then(
            () =>
              new Promise<Transaction>((ready, fail) => {
                settled = pg
                  .transaction(async (tx) => {
                    ready(tx);
                    const o = await outcome;
                    if (!o.ok) throw o.error;
                    return o.value;
                  })
                  .finally(() => line.leave());
                settled.catch(fail);
              }),
          );
        return open;
      };
      let rolledBack = false;
      const tx: Transaction = {
        query: async (text, params, options) => (await start()).query(text, params, options),
        sql: async (strings, ...params) => (await start()).sql(strings, ...params),
        exec: async (text, options) => (await start()).exec(text, options),
        rollback: async () => {
          rolledBack = true;
          if (open) await (await open).rollback();
        },
        listen: async (channel, callback) => (await start()).listen(channel, callback),
        get closed() {
          return rolledBack;
        },
      };
      let result: Outcome;
      try {
        result = { ok: true, value: await work(tx) };
      } catch (error) {
        result = { ok: false, error };
      }
      finish(result);
      if (open) {
        // Still waiting in line when work ended: BEGIN runs, then the outcome ends it at once.
        await open.catch(() => {});
        if (settled) return settled;
      }
      if (!result.ok) throw result.error;
      return result.value;
    },
  };
}
