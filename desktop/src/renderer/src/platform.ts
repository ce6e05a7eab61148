import type { AdminPlatform, PickedFile } from '@site/web/admin';
import type { Fetcher } from '@site/web/api';
import type { BloomBridge, ImageFile, WireFormField, WireRequest } from '../../shared/bridge';

const NULL_BODY = new Set([101, 204, 205, 304]);

async function toWireBody(body: BodyInit | null | undefined): Promise<WireRequest['body']> {
  if (body === undefined || body === null) return { kind: 'none' };
  if (typeof body === 'string') return { kind: 'text', text: body };
  if (body instanceof URLSearchParams) return { kind: 'text', text: body.toString() };
  if (body instanceof FormData) {
    const fields: WireFormField[] = [];
    for (const [name, value] of body.entries()) {
      if (typeof value === 'string') fields.push({ name, value });
      else {
        const data = new Uint8Array(await value.arrayBuffer());
        fields.push({ name, filename: value.name || 'image', type: value.type, data });
      }
    }
    return { kind: 'form', fields };
  }
  throw new TypeError('The desktop app sends text or form bodies only.');
}

/** A fetch-shaped function whose requests travel through main, which adds the session token. */
export function bridgeFetcher(bridge: BloomBridge): Fetcher {
  return async (path, init = {}) => {
    init.signal?.throwIfAborted();
    const req: WireRequest = {
      path,
      method: (init.method ?? 'GET').toUpperCase(),
      headers: [...new Headers(init.headers).entries()],
      body: await toWireBody(init.body),
    };
    const result = await bridge.apiRequest(req);
    init.signal?.throwIfAborted();
    // Same failure shape as fetch: a network error is a TypeError.
    if (!result.ok) throw new TypeError(result.message);
    const { status, statusText, headers, body } = result.value;
    return new Response(NULL_BODY.has(status) ? null : body, { status, statusText, headers });
  };
}

export function toPickedFile(img: ImageFile): PickedFile {
  // A File, so FormData keeps the name when the admin appends it.
  const data = new File([img.data], img.name, { type: img.type });
  return { name: img.name, type: img.type, size: img.size, data };
}

/** Splits "Invalid file type: Please upload…" into a toast's title and description. */
export class PickError extends Error {
  readonly title: string;
  readonly description: string;
  constructor(message: string) {
    super(message);
    const i = message.indexOf(': ');
    this.title = i > 0 ? message.slice(0, i) : message;
    this.description = i > 0 ? message.slice(i + 2) : '';
  }
}

export function desktopPlatform(
  bridge: BloomBridge,
  serverUrl: string,
  nav: {
    signIn: () => void;
    goHome: () => void;
    /** Shows main's refusal of a picked file (a destructive toast in the admin UI). */
    refuse: (e: PickError) => void;
  },
): AdminPlatform {
  // Optional platform members newer admin modules read ("Reply via Email" through the mail app).
  const extras = { openMail: (mailto: string) => void bridge.openExternal(mailto) };
  return {
    kind: 'desktop',
    fetcher: bridgeFetcher(bridge),
    apiBase: serverUrl,
    // A refused file is reported here and counts as no file, so the control simply stays as it was.
    pickImage: async () => {
      const picked = await bridge.pickImage();
      if (!picked.ok) {
        nav.refuse(new PickError(picked.message));
        return null;
      }
      return picked.value ? toPickedFile(picked.value) : null;
    },
    signIn: nav.signIn,
    goHome: nav.goHome,
    ...extras,
  };
}
