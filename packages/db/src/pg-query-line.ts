import type pg from 'pg';

/**
 * Statements sent on one connection while another runs there (a transaction's two reads under
 * Promise.all) wait for it here. node-postgres queues them too, but warns that pg 9 will refuse
 * them. Only the promise form is lined up: the pool's own `query` passes a callback, on a
 * connection it has checked out for that statement alone.
 */
export function lineUpQueries(client: pg.PoolClient): void {
  const send = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
  let running = 0;
  let last: Promise<unknown> = Promise.resolve();
  const settled = () => {
    running--;
  };
  client.query = ((...args: unknown[]) => {
    const first = args[0] as { submit?: unknown } | undefined;
    if (typeof args[args.length - 1] === 'function' || typeof first?.submit === 'function') return send(...args);
    const turn = running === 0 ? send(...args) : last.then(() => send(...args));
    running++;
    last = turn.then(settled, settled);
    return turn;
  }) as typeof client.query;
}
