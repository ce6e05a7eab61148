import { afterAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

// In a browser the site's CSP forbids eval: common.ts turns off zod's `new Function` probe there.
// A document exists before common.ts loads (this file's modules are its own).
vi.hoisted(() => Object.assign(globalThis, { document: {} }));
import { idString } from './common';

afterAll(() => {
  Reflect.deleteProperty(globalThis, 'document');
  z.config({ jitless: undefined });
});

describe('zod in a browser', () => {
  it('runs without eval when there is a document, and still validates', () => {
    expect(z.config().jitless).toBe(true);
    expect(idString.parse('5')).toBe(5);
    expect(idString.safeParse('05').success).toBe(false);
  });
});
