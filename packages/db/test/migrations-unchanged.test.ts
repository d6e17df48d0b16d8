import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../src/index.ts';

/**
 * A committed migration never changes (docs/conventions.md): a database that applied it keeps
 * drizzle's record of it (the SHA-256 of its SQL, the journal's `when`) and is never given the
 * edited version, or is given it again on top of the first (issue 36: the edited 0028 failed the
 * next start with `relation "order_approvals" already exists`). The kept list beside this file
 * holds every committed migration's line; this test compares the migrations folder with it.
 */

const KEPT = path.join(import.meta.dirname, 'committed-migrations.txt');
const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');

/** One migration's line: tag, `when`, SHA-256 of its SQL, SHA-256 of its snapshot. */
function migrationLines(): Map<string, string> {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
    entries: { idx: number; when: number; tag: string }[];
  };
  return new Map(
    journal.entries.map((e) => {
      const sql = readFileSync(path.join(MIGRATIONS_DIR, `${e.tag}.sql`), 'utf8');
      const snapshot = readFileSync(path.join(MIGRATIONS_DIR, `meta/${String(e.idx).padStart(4, '0')}_snapshot.json`));
      return [e.tag, `${e.tag} ${e.when} ${sha256(sql)} ${sha256(snapshot)}`];
    }),
  );
}

function keptLines(): Map<string, string> {
  const lines = readFileSync(KEPT, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  return new Map(lines.map((l) => [l.split(' ')[0]!, l]));
}

describe('committed migrations', () => {
  it('never change: each matches its line in committed-migrations.txt, and each has one', () => {
    const current = migrationLines();
    const kept = keptLines();
    const problems: string[] = [];
    for (const [tag, line] of current) {
      const keptLine = kept.get(tag);
      if (keptLine === undefined)
        problems.push(`${tag} is new: append this line to packages/db/test/committed-migrations.txt:\n${line}`);
      else if (keptLine !== line)
        problems.push(
          `${tag} was changed after it was committed (its SQL, snapshot or journal entry): databases have applied it as it was. Put it back and add a new migration instead (npm run db:generate -- --name short_name).`,
        );
    }
    for (const tag of kept.keys()) {
      if (!current.has(tag))
        problems.push(`${tag} was removed or renamed after it was committed: add a new migration instead.`);
    }
    expect(problems).toEqual([]);
  });
});
