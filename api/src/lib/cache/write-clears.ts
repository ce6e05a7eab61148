import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../context';
import { whenCommitted } from '../../audit/record';
import { invalidate } from './sync';
import { ALL } from './surrogate-keys';

/**
 * Every write route says, where it is defined, which cached public answers it changes (DESIGN.md §8):
 *
 *   .put('/products/:id', can('catalog.manage'), clears(byId('product', 'list:products')), …)
 *   .post('/contact', clearsNothing('a message is shown to admins only'), …)
 *
 * After a successful answer (status < 400) and its commit (audit/record.ts) the keys are cleared on this instance, on every other one
 * (NOTIFY) and at the CDN (lib/cache/sync.ts: invalidate). Nothing is inferred from a path: a write
 * route without a declaration fails `write-declarations.test.ts`, and there is no purge-all fallback.
 */
export type WriteDeclaration =
  | { clears: 'keys' }
  | { clears: 'nothing'; why: string }
  | { clears: 'everything'; why: string };

const DECLARATION = Symbol.for('site.write-declaration');

type KeysFor = readonly string[] | ((c: Context<AppEnv>) => readonly string[]);

function declare(declaration: WriteDeclaration, handler: MiddlewareHandler<AppEnv>) {
  Object.defineProperty(handler, DECLARATION, { value: declaration });
  return handler;
}

/** What a route handler declared, if anything (the declaration test reads it). */
export function writeDeclarationOf(handler: unknown): WriteDeclaration | undefined {
  return typeof handler === 'function'
    ? (handler as unknown as Record<symbol, WriteDeclaration | undefined>)[DECLARATION]
    : undefined;
}

/**
 * This write changes the public answers named by `keys` (fixed, or computed from the request once it
 * has succeeded), plus any the handler adds with `alsoClears` (what only it knows, such as the ids a
 * bulk action touched).
 */
export function clears(keys: KeysFor): MiddlewareHandler<AppEnv> {
  return declare({ clears: 'keys' }, async (c, next) => {
    await next();
    if (c.res.status >= 400) return;
    const all = [...(typeof keys === 'function' ? keys(c) : keys), ...(c.get('alsoClears') ?? [])];
    // After the commit: a cache told earlier could re-read the old row meanwhile.
    await whenCommitted(c, (deps) => invalidate(deps, all));
  });
}

/** This write changes nothing a public page or a public read shows; `why` says so for the reader of the code. */
export function clearsNothing(why: string): MiddlewareHandler<AppEnv> {
  return declare({ clears: 'nothing', why }, (_c, next) => next());
}

/**
 * This write may change any public answer, so every cache and the CDN are emptied. Only where that is
 * true (a settings change every page shows); `why` says what makes it so.
 */
export function clearsEverything(why: string): MiddlewareHandler<AppEnv> {
  return declare({ clears: 'everything', why }, async (c, next) => {
    await next();
    if (c.res.status < 400) await whenCommitted(c, (deps) => invalidate(deps, [ALL]));
  });
}

/** From inside a handler declared with `clears(…)`: keys only the handler learns (ids of a bulk action). */
export function alsoClears(c: Context<AppEnv>, ...keys: string[]) {
  c.set('alsoClears', [...(c.get('alsoClears') ?? []), ...keys]);
}

/** The list key plus the item named by the route's `:id` (`article:12`). */
export function byId(item: string, ...lists: string[]) {
  return (c: Context<AppEnv>) => {
    const id = c.req.param('id');
    return id && /^\d+$/.test(id) ? [...lists, `${item}:${id}`] : lists;
  };
}
