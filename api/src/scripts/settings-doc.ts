import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot, SETTING_GROUPS, type SettingDoc, settingDocs, settingsShape } from '../env';

export const SETTINGS_DOC_PATH = path.join(repoRoot, 'docs', 'settings.md');

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

/** Every setting's documentation, in the schema's order (env.ts: settingsShape). */
export function settingEntries(): Array<[string, SettingDoc | undefined]> {
  return Object.entries(settingsShape).map(([name, schema]) => [name, settingDocs.get(schema)]);
}

/** docs/settings.md, made from the settings schema in env.ts: the page and the code cannot disagree. */
export function renderSettingsDoc(): string {
  const entries = settingEntries();
  const out = [
    '# Settings',
    '',
    '<!-- Generated from api/src/env.ts by `npx -y pnpm@10 docs:settings`; edit the schema, not this page. -->',
    '',
    'Environment variables, all optional in development. They are checked when the server starts, before',
    'anything else loads: every bad value is reported at once, naming the variable, and the server stops.',
    'Empty values count as unset.',
    '',
  ];
  for (const group of SETTING_GROUPS) {
    const rows = entries.filter(([, doc]) => doc?.group === group);
    if (!rows.length) continue;
    out.push(`## ${group}`, '', '| variable | default | meaning | in production |', '|---|---|---|---|');
    for (const [name, doc] of rows) {
      out.push(
        `| \`${name}\` | ${cell(doc!.default)} | ${cell(doc!.meaning)} | ${cell(doc!.production ?? '')} |`,
      );
    }
    out.push('');
  }
  return out.join('\n');
}

if (process.argv.includes('--write')) {
  writeFileSync(SETTINGS_DOC_PATH, renderSettingsDoc());
  console.log(`Written ${path.relative(process.cwd(), SETTINGS_DOC_PATH)}`);
}
