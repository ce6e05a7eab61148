import { NodeViewWrapper, type ReactNodeViewProps } from '@tiptap/react';
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { UploadStore } from './uploads';

export interface UploadsApi {
  store: UploadStore;
  retry: (id: string) => void;
  remove: (id: string) => void;
}
export const UploadsContext = createContext<UploadsApi | null>(null);

/**
 * An image on its way (progress bar) or one that did not arrive: a clear placeholder with the reason,
 * Retry and Remove, never a broken image. It is not part of the stored body.
 */
export function UploadPlaceholderView({ node }: ReactNodeViewProps) {
  const api = useContext(UploadsContext);
  const id = String(node.attrs.id);
  const state = useSyncExternalStore(api?.store.subscribe ?? (() => () => undefined), () =>
    api?.store.get(id),
  );
  const name = String(node.attrs.name);
  const failed = state?.status === 'failed';
  const percent = state?.progress == null ? null : Math.round(state.progress * 100);
  return (
    <NodeViewWrapper
      contentEditable={false}
      className={`my-4 rounded-lg border-2 border-dashed p-4 text-sm ${failed ? 'border-red-300 bg-red-50 text-red-900' : 'border-stone-300 bg-stone-50 text-stone-700'}`}
    >
      {failed ? (
        <div role="alert">
          <p className="font-semibold">Image not added: {name}</p>
          <p>{state?.error ?? 'The upload failed.'} Nothing broken will be saved in its place.</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <button
              type="button"
              className="rounded-md border border-stone-300 bg-white px-3 py-1.5 font-medium text-stone-800"
              onClick={() => api?.retry(id)}
            >
              Retry upload
            </button>
            <button
              type="button"
              className="rounded-md px-3 py-1.5 font-medium text-stone-800 hover:bg-stone-100"
              onClick={() => api?.remove(id)}
            >
              Remove
            </button>
          </div>
        </div>
      ) : (
        <div>
          <p id={`upload-${id}`}>
            Uploading {name}
            {percent === null ? '…' : ` (${percent}%)`}
          </p>
          <progress
            aria-labelledby={`upload-${id}`}
            className="mt-2 h-2 w-full accent-rose-700"
            max={100}
            {...(percent === null ? {} : { value: percent })}
          />
        </div>
      )}
    </NodeViewWrapper>
  );
}
