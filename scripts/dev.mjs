#!/usr/bin/env node
// `npm run dev`: the API with reload (tsx watch) and the Vite dev server, which proxies /api.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', 'apps/server/src/main.ts'], {
    stdio: 'inherit',
    // No drain delay on a reload: no load balancer is waiting for readiness to turn.
    env: {
      ...process.env,
      APP_ENV: process.env.APP_ENV ?? 'development',
      SHUTDOWN_DRAIN_MS: process.env.SHUTDOWN_DRAIN_MS ?? '0',
    },
  }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
