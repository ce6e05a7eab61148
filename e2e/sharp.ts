import { createRequire } from 'node:module';
import path from 'node:path';

/** sharp is the API's dependency (it re-encodes uploads), not the e2e package's: loaded from there. */
export const sharp = createRequire(path.resolve(import.meta.dirname, '../api/package.json'))(
  'sharp',
) as typeof import('../api/node_modules/sharp')['default'];
