import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// electron-builder's own schema check, without running a build (that needs the Electron binary).
const require = createRequire(import.meta.url);
const builderDir = path.dirname(require.resolve('electron-builder/package.json'));
const lib = path.dirname(require.resolve('app-builder-lib/package.json', { paths: [builderDir] }));
const { validateConfiguration } = require(path.join(lib, 'out/util/config/config.js')) as {
  validateConfiguration: (c: unknown, log: unknown) => Promise<void>;
};
const yaml = require(require.resolve('js-yaml', { paths: [lib] })) as { load: (s: string) => unknown };
const { DebugLogger } = require(require.resolve('builder-util', { paths: [lib] })) as {
  DebugLogger: new (on: boolean) => unknown;
};

const configFile = path.join(import.meta.dirname, '../../electron-builder.yml');
type Cfg = {
  files: string[];
  linux: { target: string[] };
  win: { target: string[] };
  mac: { target: string[] };
};
const config = yaml.load(readFileSync(configFile, 'utf8')) as Cfg;

describe('electron-builder.yml', () => {
  it('passes electron-builder’s schema (and a wrong key would not)', async () => {
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
    await expect(validateConfiguration({ ...config, linx: {} }, new DebugLogger(false))).rejects.toThrow(
      /linx/,
    );
  }, 60_000);

  it('builds AppImage and deb on Linux, nsis on Windows, dmg on macOS', () => {
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.win.target).toEqual(['nsis']);
    expect(config.mac.target).toEqual(['dmg']);
  });

  it('ships only the built bundles: sources, tests, configs and env files are excluded', () => {
    expect(config.files).toEqual(
      expect.arrayContaining([
        'out/**/*',
        'package.json',
        '!src{,/**/*}',
        '!test{,/**/*}',
        '!**/*.{ts,tsx,map}',
        '!**/{.env,.env.*,*.env}',
      ]),
    );
  });
});
