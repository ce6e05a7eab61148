import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import type { Fetcher } from '../lib/api';
import { AdminApp } from './AdminApp';
import { type AdminPlatform, PlatformContext } from './platform';

export interface Call {
  method: string;
  path: string;
  body: unknown;
}
type Handler = (call: Call) => unknown;

/** A fake API: "METHOD /path" (query ignored unless the key has one) → JSON body, or a Response. */
export function fakeApi(routes: Record<string, unknown | Handler>) {
  const calls: Call[] = [];
  const fetcher: Fetcher = async (path, init) => {
    const method = init?.method ?? 'GET';
    const body =
      typeof init?.body === 'string'
        ? JSON.parse(init.body)
        : init?.body instanceof FormData
          ? init.body
          : undefined;
    const call = { method, path, body };
    calls.push(call);
    const entry = routes[`${method} ${path}`] ?? routes[`${method} ${path.split('?')[0]}`];
    if (entry === undefined)
      return Response.json({ message: `No fake for ${method} ${path}` }, { status: 404 });
    const out = typeof entry === 'function' ? await (entry as Handler)(call) : entry;
    if (out instanceof Response) return out;
    if (out === null) return new Response(null, { status: 204 });
    return Response.json(out);
  };
  return { fetcher, calls, routes };
}

export const adminUser = {
  id: 'admin-1',
  profileImageUrl: null,
  firstName: 'Ada',
  lastName: 'Admin',
  email: 'ada@example.com',
  isAdmin: true,
  role: 'admin' as const,
  createdAt: '2026-01-01T00:00:00.000Z',
};

function Where() {
  const loc = useLocation();
  return <output data-testid="location">{loc.pathname + loc.search}</output>;
}

/** Mounts the admin module the way both hosts do: a router, a platform adapter, AdminApp. */
export function renderAdmin(
  url: string,
  routes: Record<string, unknown | Handler>,
  platform: Partial<AdminPlatform> = {},
) {
  const api = fakeApi({ 'GET /api/auth/user': adminUser, ...routes });
  const p: AdminPlatform = {
    kind: 'web',
    apiBase: '',
    pickImage: null,
    fetcher: api.fetcher,
    signIn: vi.fn(),
    goHome: vi.fn(),
    openMail: vi.fn(),
    ...platform,
  };
  const utils = render(
    <MemoryRouter initialEntries={[url]}>
      <PlatformContext.Provider value={p}>
        <AdminApp />
        <Where />
      </PlatformContext.Provider>
    </MemoryRouter>,
  );
  return { ...utils, api, platform: p, location: () => screen.getByTestId('location').textContent };
}

/** A response that never arrives, to see loading states. */
export const pending = () => new Promise<never>(() => undefined);

/** The rich editor's Tiptap instance, from its editable element (Tiptap keeps it on the DOM node). */
export async function findEditor(name = 'Content') {
  const el = await screen.findByRole('textbox', { name });
  return (el as unknown as { editor: import('@tiptap/core').Editor }).editor;
}

/** Replaces the body in the rich editor, as typing it would (one paragraph per line). */
export async function setEditorText(text: string, name = 'Content') {
  const editor = await findEditor(name);
  const html = text
    ? text
        .split('\n')
        .map((l) => `<p>${l}</p>`)
        .join('')
    : '';
  act(() => {
    editor.commands.setContent(html, { emitUpdate: true });
  });
}
