import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { ZodType } from 'zod';
import { jsonNestedDeeperThan, TOO_DEEP_MESSAGE } from '../../security/hostile-input';

/**
 * zValidator that answers bad input with 400 `{ message, issues }` (DESIGN.md §3).
 * The message names the first problem so a human can act on it. A path parameter that is not a
 * valid key ("-1", "2147483648", "a\u0000b") names nothing that can exist: 404, as for a missing id.
 */
export function validate<T extends ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
) {
  const check = zValidator(target, schema, (result, c) => {
    if (!result.success) {
      if (target === 'param') return c.json({ message: 'Not found' }, 404);
      const issues = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
      const first = issues[0];
      const message = first
        ? first.path
          ? `${first.path}: ${first.message}`
          : first.message
        : 'Invalid input';
      return c.json({ message, issues }, 400);
    }
  });
  if (target !== 'json') return check;
  // JSON nested past 64 levels is a 400 before zod (or anything) walks it (issue 27 §5). Hono keeps
  // the text it read, and the validator parses that.
  const guarded: typeof check = async (c, next) => {
    if (/json/i.test(c.req.header('content-type') ?? '') && jsonNestedDeeperThan(await c.req.text())) {
      return c.json({ message: TOO_DEEP_MESSAGE, issues: [{ path: '', message: TOO_DEEP_MESSAGE }] }, 400);
    }
    return check(c, next);
  };
  return guarded;
}
