import { describe, expect, it } from 'vitest';
import { DESKTOP_UA_PRODUCT } from './account';

describe('the desktop app in a User-Agent', () => {
  it('is a product token (RFC 9110 §10.1.5): a non-empty run of token characters, so "BloomDesktop/0.1.0" parses', () => {
    expect(DESKTOP_UA_PRODUCT).toMatch(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/);
    expect(`${DESKTOP_UA_PRODUCT}/0.1.0 (linux)`.split('/')[0]).toBe(DESKTOP_UA_PRODUCT);
  });
});
