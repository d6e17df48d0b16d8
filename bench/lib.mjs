import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * Starts the server (`npm run serve`, or `args` for node) on a fresh data folder (or DATABASE_URL) and resolves once the server
 * prints its ready line, with the time that took.
 */
export function startServer({
  port,
  env = {},
  dataDir = mkdtempSync(path.join(tmpdir(), 'cab-bench-')),
  args = ['--import', 'tsx', 'apps/server/src/main.ts'],
}) {
  const started = performance.now();
  const child = spawn('node', args, {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.includes('ready on')) {
        resolve({ child, dataDir, ms: Math.round(performance.now() - started), stop: () => stop(child) });
      }
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
}

function stop(child) {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.on('exit', resolve);
    child.kill('SIGTERM');
  });
}
