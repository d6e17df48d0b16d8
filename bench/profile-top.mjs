#!/usr/bin/env node
/**
 * The top entries by self time of a V8 .cpuprofile (node --cpu-prof).
 * Usage: node bench/profile-top.mjs file.cpuprofile [n]
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** A markdown table of the `n` functions with the most self time, as shares of the busy (not idle) time. */
export function topSelfTime(profile, n = 10) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    const { functionName, url, lineNumber } = byId.get(id).callFrame;
    if (functionName === '(idle)') return;
    total += dt;
    const where = url
      ? `${url.replace(/^.*\/node_modules\//, '').replace(/^.*\/work\/main\//, '')}:${lineNumber + 1}`
      : '';
    const key = `${functionName || '(anonymous)'} ${where}`.trim();
    self.set(key, (self.get(key) ?? 0) + dt);
  });
  const rows = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, n);
  const span = profile.endTime - profile.startTime;
  return [
    `busy ${((total / span) * 100).toFixed(1)} % of ${(span / 1e6).toFixed(1)} s`,
    '',
    '| # | function | self % of busy |',
    '| ---: | --- | ---: |',
    ...rows.map(([key, t], i) => `| ${i + 1} | \`${key}\` | ${((100 * t) / total).toFixed(1)} |`),
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(topSelfTime(JSON.parse(readFileSync(process.argv[2], 'utf8')), Number(process.argv[3] ?? 10)));
}
