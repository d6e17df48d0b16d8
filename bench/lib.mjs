import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * Starts `npm run serve` on a fresh data folder (or DATABASE_URL) and resolves once the server
 * prints its ready line, with the time that took.
 */
export function startServer({ port, env = {}, dataDir = mkdtempSync(path.join(tmpdir(), 'cab-bench-')) }) {
  const started = performance.now();
  const child = spawn('node', ['--import', 'tsx', 'apps/server/src/main.ts'], {
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
