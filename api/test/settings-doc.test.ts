import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AI_CAP_MS } from '@site/shared';
import { describe, expect, it } from 'vitest';
import { PRODUCTION_SECRET } from './helpers';
import { loadEnv, repoRoot, settingsShape } from '../src/env';
import { renderSettingsDoc, SETTINGS_DOC_PATH, settingEntries } from '../src/scripts/settings-doc';

/** The literal default a zod schema carries (`.default(x)`), if any. */
function zodDefault(schema: unknown): unknown {
  const def = (schema as { _zod?: { def?: { type?: string; defaultValue?: unknown } } })._zod?.def;
  return def?.type === 'default' ? def.defaultValue : undefined;
}

describe('the settings reference (docs/settings.md)', () => {
  it('documents every setting of the schema', () => {
    const undocumented = settingEntries()
      .filter(([, doc]) => !doc?.meaning || !doc.default)
      .map(([name]) => name);
    expect(undocumented).toEqual([]);
    expect(settingEntries().length).toBe(Object.keys(settingsShape).length);
  });

  it('is the page the schema generates (run `npx -y pnpm@10 docs:settings` after changing env.ts)', () => {
    expect(readFileSync(SETTINGS_DOC_PATH, 'utf8')).toBe(renderSettingsDoc());
  });

  it('states the defaults the code applies', () => {
    const shown = (name: string, value: unknown) => {
      if (name === 'DATA_DIR') return `./${path.relative(repoRoot, String(value))}`;
      return value === '' ? 'empty' : String(value);
    };
    const docs = Object.fromEntries(settingEntries());
    let checked = 0;
    for (const [name, schema] of Object.entries(settingsShape)) {
      const value = zodDefault(schema);
      if (value === undefined) continue;
      expect(docs[name]!.default, name).toBe(shown(name, value));
      checked++;
    }
    expect(checked).toBeGreaterThan(15);
    // Defaults computed after parsing, as the page words them.
    const dev = loadEnv({});
    const prod = loadEnv({ NODE_ENV: 'production', BETTER_AUTH_SECRET: PRODUCTION_SECRET });
    expect([dev.SEED_DEMO, prod.SEED_DEMO]).toEqual([true, false]);
    expect(docs.SEED_DEMO!.default).toBe('true outside production, false in production');
    expect([dev.PUBLIC_CACHE_MS, prod.PUBLIC_CACHE_MS]).toEqual([0, 1000]);
    expect(docs.PUBLIC_CACHE_MS!.default).toBe('1000 in production, else 0');
    expect(docs.AI_CAP_MS!.default).toBe(String(AI_CAP_MS));
    expect(loadEnv({ AI_IMAGE_REVIEW_CAP_MS: '1234' }).AI_CAP_MS).toBe(1234);
    expect(dev.SITE_URL).toBe('http://localhost:3000');
    expect(dev.TRUST_PROXY).toEqual({ hops: 0 });
    expect(docs.TRUST_PROXY!.default).toBe('false');
    expect(dev.UPLOAD_DIR).toBe(path.join(dev.DATA_DIR, 'uploads'));
  });
});
