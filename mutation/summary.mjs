#!/usr/bin/env node
// `node mutation/summary.mjs reports/mutation/<group>.json`: score per file and every mutant left alive,
// as docs/testing.md records them.
import { readFileSync } from 'node:fs';

const DETECTED = new Set(['Killed', 'Timeout']);
const ALIVE = new Set(['Survived', 'NoCoverage']);
for (const file of process.argv.slice(2)) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  let detected = 0;
  let alive = 0;
  const lines = [];
  for (const [name, info] of Object.entries(report.files)) {
    const ms = info.mutants.filter((m) => DETECTED.has(m.status) || ALIVE.has(m.status));
    const d = ms.filter((m) => DETECTED.has(m.status)).length;
    detected += d;
    alive += ms.length - d;
    const score = ms.length ? ((100 * d) / ms.length).toFixed(1) : '-';
    lines.push(`| ${name} | ${ms.length} | ${d} | ${ms.length - d} | ${score}% |`);
    const src = info.source.split('\n');
    for (const m of info.mutants.filter((x) => ALIVE.has(x.status))) {
      const line = m.location.start.line;
      lines.push(
        `|   ↳ ${m.status} L${line} ${m.mutatorName}: \`${(m.replacement ?? '').replace(/\s+/g, ' ').slice(0, 70)}\` in \`${src[line - 1]?.trim().slice(0, 70)}\` | | | | |`,
      );
    }
  }
  const total = detected + alive;
  console.log(`\n${file}: ${detected}/${total} detected = ${((100 * detected) / total).toFixed(1)}%\n`);
  console.log('| file | mutants | killed or timed out | survived or not covered | score |');
  console.log('| --- | --- | --- | --- | --- |');
  console.log(lines.join('\n'));
}
