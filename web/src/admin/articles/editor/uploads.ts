import { LIMITS, UPLOAD_MIME_TYPES } from '@site/shared';
import { throwIfNotOk } from '../../../lib/api';
import type { AdminPlatform, PickedFile } from '../../platform';

const ALLOWED = new Set<string>(UPLOAD_MIME_TYPES);
const EXTENSION = /\.(jpe?g|png|gif|webp)$/i;

/** The upload control's own checks (spec §5), before anything is sent; the server checks again by content. */
export function refuseImage(file: Pick<PickedFile, 'name' | 'type' | 'size'>) {
  const typeOk = file.type ? ALLOWED.has(file.type) : EXTENSION.test(file.name);
  if (!typeOk)
    return { title: 'Invalid file type', description: 'Please upload a JPEG, PNG, GIF, or WebP image.' };
  if (file.size > LIMITS.uploadMaxBytes)
    return { title: 'File too large', description: 'Please upload an image smaller than 5MB.' };
  return null;
}

export interface UploadState {
  name: string;
  status: 'uploading' | 'failed' | 'done';
  /** 0-1, or null when the platform cannot tell (the bar then shows activity only). */
  progress: number | null;
  src?: string;
  /** Why it failed, in the server's words when it gave some. */
  error?: string;
}

/**
 * The uploads of one editor, keyed by placeholder id: the placeholders' views read them (progress,
 * failure) without a document change per progress event, which would fill the undo history.
 */
export class UploadStore {
  private states = new Map<string, UploadState>();
  private files = new Map<string, PickedFile>();
  private listeners = new Set<() => void>();
  get = (id: string) => this.states.get(id);
  file = (id: string) => this.files.get(id);
  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  set(id: string, state: UploadState, file?: PickedFile) {
    this.states.set(id, state);
    if (file) this.files.set(id, file);
    for (const l of this.listeners) l();
  }
  /** Uploads still running: saving now would leave their images out. */
  busy = () => [...this.states.values()].some((s) => s.status === 'uploading');
}

/** POST /api/upload through the platform; resolves with the stored image's address. */
export async function uploadImage(
  platform: AdminPlatform,
  file: PickedFile,
  onProgress: (fraction: number | null) => void,
): Promise<string> {
  const form = new FormData();
  form.append('image', file.data, file.name);
  onProgress(platform.uploadWithProgress ? 0 : null);
  const res = platform.uploadWithProgress
    ? await platform.uploadWithProgress(form, onProgress)
    : await platform.fetcher('/api/upload', { method: 'POST', body: form });
  await throwIfNotOk(res);
  const { imageUrl } = (await res.json()) as { imageUrl: string };
  return imageUrl;
}
