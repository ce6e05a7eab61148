import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { DatabaseHandle } from '../client';

/**
 * One connection of the site's own database, whichever it is: a backup reads inside one snapshot and a
 * restore writes inside one transaction, so every statement must go through the same session.
 */
export interface Conn {
  kind: DatabaseHandle['kind'];
  /** One statement, with parameters; the rows as the driver gives them (queries cast to text what matters). */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** A script without parameters (a migration file's statement may hold several). */
  exec(text: string): Promise<void>;
  release(): void;
}

/** A session of `handle`: a connection of its pool on PostgreSQL, the embedded database itself on PGlite. */
export async function connOf(handle: Pick<DatabaseHandle, 'db' | 'kind'>): Promise<Conn> {
  const client = (handle.db as unknown as { $client: unknown }).$client;
  if (handle.kind === 'postgres') {
    const c = await (client as pg.Pool).connect();
    return {
      kind: 'postgres',
      query: async <T>(text: string, params?: unknown[]) => (await c.query(text, params)).rows as T[],
      exec: async (text) => {
        await c.query(text);
      },
      release: () => c.release(),
    };
  }
  const lite = client as PGlite;
  return {
    kind: 'pglite',
    query: async <T>(text: string, params?: unknown[]) => (await lite.query<T>(text, params)).rows,
    exec: async (text) => {
      await lite.exec(text);
    },
    release: () => undefined,
  };
}

/** A quoted SQL identifier (table and column names come from the catalog or a backup's manifest). */
export const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
