import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * The walls `npm run lint` checks (.dependency-cruiser.cjs, decision 0020), run on a small tree
 * made here: a clean one passes, and each wall broken on purpose fails with its rule's name.
 */
const repo = path.resolve(import.meta.dirname, '../../..');
const bin = path.join(repo, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

const clean: Record<string, string> = {
  'apps/server/src/kit/context.ts': 'export type Ctx = { id: number };\n',
  'apps/server/src/modules/alpha/index.ts': "export { alphaName } from './service.ts';\n",
  'apps/server/src/modules/alpha/service.ts':
    "import type { Ctx } from '../../kit/context.ts';\nimport { alphaRow } from './repository.ts';\nexport const alphaName = (ctx: Ctx) => alphaRow(ctx.id);\n",
  'apps/server/src/modules/alpha/repository.ts': 'export const alphaRow = (id: number) => String(id);\n',
  'apps/server/src/modules/beta/index.ts': "export { betaName } from './service.ts';\n",
  'apps/server/src/modules/beta/service.ts':
    "import { alphaName } from '../alpha/index.ts';\nexport const betaName = () => alphaName({ id: 1 });\n",
  'apps/web/src/lib/api.ts': 'export const call = () => 1;\n',
  'apps/web/src/features/shop/index.ts': "export { shopKeys } from './api.ts';\n",
  'apps/web/src/features/shop/api.ts': "import { call } from '../../lib/api.ts';\nexport const shopKeys = call();\n",
  'apps/web/src/features/till/pages/TillPage.ts':
    "import { shopKeys } from '../../shop/index.ts';\nexport default shopKeys;\n",
};

let dir: string | null = null;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = null;
});

/** Lays out the clean tree with `changes` on top, runs the walls over it, and answers what they said. */
function cruise(changes: Record<string, string> = {}): { status: number | null; out: string } {
  dir = mkdtempSync(path.join(tmpdir(), 'walls-'));
  for (const [file, text] of Object.entries({ ...clean, ...changes })) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  const run = spawnSync(
    process.execPath,
    [
      bin,
      '--config',
      path.join(repo, '.dependency-cruiser.cjs'),
      '--output-type',
      'err',
      'apps/server/src',
      'apps/web/src',
    ],
    // The module and feature lists are read from the tree being checked.
    { cwd: dir, encoding: 'utf8', env: { ...process.env, DEPCRUISE_ROOT: dir } },
  );
  return { status: run.status, out: run.stdout + run.stderr };
}

describe('the walls npm run lint checks', { timeout: 60_000 }, () => {
  it('pass a tree that keeps them', () => {
    const { status, out } = cruise();
    expect(out).toContain('no dependency violations found');
    expect(status).toBe(0);
  });

  it('fail on an import cycle', () => {
    const { status, out } = cruise({
      'apps/server/src/kit/context.ts':
        "import { betaName } from '../modules/beta/index.ts';\nexport type Ctx = { id: number };\nexport const b = betaName;\n",
    });
    expect(status).not.toBe(0);
    expect(out).toContain('no-circular');
  });

  it("fail when a server module imports another module's file other than its index.ts", () => {
    const { status, out } = cruise({
      'apps/server/src/modules/beta/service.ts':
        "import { alphaName } from '../alpha/service.ts';\nexport const betaName = () => alphaName({ id: 1 });\n",
    });
    expect(status).not.toBe(0);
    expect(out).toContain('wall:modules/alpha');
    expect(out).toContain('apps/server/src/modules/beta/service.ts → apps/server/src/modules/alpha/service.ts');
  });

  it("fail when anything reads another module's repository", () => {
    const { status, out } = cruise({
      'apps/server/src/modules/beta/service.ts':
        "import { alphaRow } from '../alpha/repository.ts';\nexport const betaName = () => alphaRow(1);\n",
      'apps/server/src/http/hook.ts':
        "import { alphaRow } from '../modules/alpha/repository.ts';\nexport const h = alphaRow;\n",
    });
    expect(status).not.toBe(0);
    expect(out).toContain('repository-of-another-module: apps/server/src/modules/beta/service.ts');
    expect(out).toContain('repository-outside-modules: apps/server/src/http/hook.ts');
  });

  it('wall in a module that is new, without editing the rules', () => {
    const { status, out } = cruise({
      'apps/server/src/modules/gamma/index.ts': "export { g } from './service.ts';\n",
      'apps/server/src/modules/gamma/service.ts': 'export const g = 1;\n',
      'apps/server/src/modules/alpha/extra.ts': "import { g } from '../gamma/service.ts';\nexport const e = g;\n",
    });
    expect(status).not.toBe(0);
    expect(out).toContain('wall:modules/gamma');
  });

  it("fail when a web feature imports another feature's file other than its index.ts", () => {
    const { status, out } = cruise({
      'apps/web/src/features/till/pages/TillPage.ts':
        "import { shopKeys } from '../../shop/api.ts';\nexport default shopKeys;\n",
    });
    expect(status).not.toBe(0);
    expect(out).toContain('wall:features/shop');
  });

  it('fail when lib/ or components/ import a feature', () => {
    const { status, out } = cruise({
      'apps/web/src/lib/api.ts':
        "import { shopKeys } from '../features/shop/index.ts';\nexport const call = () => shopKeys;\n",
    });
    expect(status).not.toBe(0);
    expect(out).toContain('web-floor-imports-feature');
  });
});
