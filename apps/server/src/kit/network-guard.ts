import { AsyncLocalStorage } from 'node:async_hooks';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';

/**
 * The house rule "no network call inside a database transaction" (docs/conventions.md): a
 * transaction holds its row locks for as long as the call takes, so Stripe, SMTP and S3 are called
 * before or after one, never inside. `transaction()` marks its work; with the guard installed (the
 * API tests, APP_ENV=test) an outgoing connection made inside that work throws. The database's own
 * connections (node-postgres opens them with `new Socket().connect()`) are not outgoing calls here.
 */
const inside = new AsyncLocalStorage<true>();
let installed = false;

/**
 * Marks `work` as a transaction's when the guard is installed; otherwise runs it as it is: the
 * first AsyncLocalStorage.run turns on promise hooks for the whole process, a cost on every promise
 * of every request after it (3 % of GET /api/users/me/'s CPU), for a mark nothing reads.
 */
export const runInTransaction = <T>(work: () => Promise<T>): Promise<T> =>
  installed ? inside.run(true, work) : work();

export class NetworkInTransactionError extends Error {
  constructor(what: string) {
    super(`${what} called inside a database transaction (docs/conventions.md: no network call inside a transaction)`);
  }
}

/** Makes every outgoing HTTP(S), TCP/TLS connection and fetch throw inside a transaction. */
export function forbidNetworkInTransactions() {
  if (installed) return;
  installed = true;
  const guard = <F extends (...args: never[]) => unknown>(what: string, fn: F): F =>
    function (this: unknown, ...args: never[]) {
      if (inside.getStore()) throw new NetworkInTransactionError(what);
      return fn.apply(this, args);
    } as F;
  http.request = guard('http.request', http.request);
  http.get = guard('http.get', http.get);
  https.request = guard('https.request', https.request);
  https.get = guard('https.get', https.get);
  net.connect = guard('net.connect', net.connect);
  net.createConnection = guard('net.createConnection', net.createConnection);
  tls.connect = guard('tls.connect', tls.connect);
  const fetch = globalThis.fetch;
  globalThis.fetch = guard('fetch', fetch);
}
