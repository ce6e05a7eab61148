import { LIMITS, splitFocus, UPLOAD_MIME_TYPES, withFocus } from '@site/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { useToast } from '../components/toast/toast';
import { throwIfNotOk } from '../lib/api';
import { isUnauthorized } from './api';
import { FocalPointPreview } from './FocalPoint';
import { downscaleImage, isScalable, scaledName } from './image-downscale';
import { type PickedFile, usePlatform } from './platform';
import { Button } from './ui';

const ALLOWED = new Set<string>(UPLOAD_MIME_TYPES);
const EXTENSION = /\.(jpe?g|png|gif|webp)$/i;

/**
 * Image for an article, product or recipe: upload a file (checked here first, then by the server)
 * or paste a URL; the preview says "Invalid image" when it does not load (spec §2, §5). A JPEG, PNG
 * or WebP photo over 5 MB is scaled down here first (issue 39 §4: image-downscale.ts); a GIF over
 * 5 MB is refused (its animation would be lost). On the preview the editor sets the picture's focal
 * point, kept on the address as `#focus=x,y` (shared helpers/picture.ts).
 */
export function ImageField({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (url: string | null) => void;
}) {
  const platform = usePlatform();
  const toast = useToast();
  const inputRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<'preparing' | 'uploading' | null>(null);
  const [broken, setBroken] = useState(false);
  const [urlDraft, setUrlDraft] = useState('');
  const urlId = useId();
  const { url: plain, focus } = value ? splitFocus(value) : { url: '', focus: null };
  useEffect(() => setBroken(false), [plain]);

  function tooLarge() {
    toast({
      title: 'File too large',
      description: 'Please upload an image smaller than 5MB.',
      variant: 'destructive',
    });
  }

  async function upload(file: PickedFile) {
    try {
      await send(file);
    } finally {
      setBusy(null);
      if (inputRef.current) inputRef.current.value = '';
    }
  }

  async function send(file: PickedFile) {
    // The browser may not know a type (e.g. desktop drag and drop): then the extension decides here.
    const typeOk = file.type ? ALLOWED.has(file.type) : EXTENSION.test(file.name);
    if (!typeOk) {
      toast({
        title: 'Invalid file type',
        description: 'Please upload a JPEG, PNG, GIF, or WebP image.',
        variant: 'destructive',
      });
      return;
    }
    let data = file.data;
    let name = file.name;
    if (file.size > LIMITS.uploadMaxBytes) {
      // A camera photo is sent scaled down; a GIF (or what the browser cannot decode) is refused.
      if (!isScalable(file)) return tooLarge();
      setBusy('preparing');
      const scaled = await downscaleImage(file.data, { maxBytes: LIMITS.uploadMaxBytes }).catch(() => null);
      if (!scaled || scaled.size > LIMITS.uploadMaxBytes) return tooLarge();
      name = scaledName(file.name);
      data = new File([scaled], name, { type: 'image/jpeg' });
    }
    setBusy('uploading');
    try {
      const form = new FormData();
      form.append('image', data, name);
      const res = await throwIfNotOk(await platform.fetcher('/api/upload', { method: 'POST', body: form }));
      const { imageUrl } = (await res.json()) as { imageUrl: string };
      onChange(imageUrl);
      toast({ title: 'Success', description: 'Image uploaded successfully!' });
    } catch (err) {
      if (!isUnauthorized(err)) {
        toast({
          title: 'Upload failed',
          description: 'Failed to upload image. Please try again.',
          variant: 'destructive',
        });
      }
    }
  }

  async function choose() {
    if (platform.pickImage) {
      const picked = await platform.pickImage();
      if (picked) await upload(picked);
    } else inputRef.current?.click();
  }

  return (
    <fieldset className="rounded-md border border-stone-200 p-3">
      <legend className="px-1 text-sm font-medium text-stone-800">Image</legend>
      {value &&
        (broken ? (
          <div className="mb-3">
            <div
              role="alert"
              className="flex h-32 w-48 flex-col items-center justify-center rounded bg-stone-100 p-2 text-center text-sm text-red-700"
            >
              <strong>Invalid image</strong>
              <span>Could not load the image. Please check the URL.</span>
            </div>
          </div>
        ) : (
          <FocalPointPreview
            src={plain}
            focus={focus}
            onFocusChange={(f) => onChange(withFocus(value, f))}
            onError={() => {
              setBroken(true);
              toast({
                title: 'Invalid image',
                description: 'Could not load the image. Please check the URL.',
                variant: 'destructive',
              });
            }}
          />
        ))}
      <div className="flex flex-wrap items-center gap-2">
        <input
          ref={inputRef}
          type="file"
          accept="image/jpeg,image/png,image/gif,image/webp"
          className="sr-only"
          aria-label="Image file"
          tabIndex={-1}
          onChange={(e) => {
            const f = e.target.files?.[0];
            if (f) void upload({ name: f.name, type: f.type, size: f.size, data: f });
          }}
        />
        <Button variant="secondary" onClick={() => void choose()} disabled={busy !== null}>
          {busy === 'preparing' ? 'Preparing image…' : busy === 'uploading' ? 'Uploading…' : 'Upload Image'}
        </Button>
        {value && (
          <Button variant="ghost" onClick={() => onChange(null)}>
            Remove image
          </Button>
        )}
      </div>
      <div className="mt-3 flex items-end gap-2">
        <div className="flex-1">
          <label htmlFor={urlId} className="block text-sm text-stone-700">
            Or image URL
          </label>
          <input
            id={urlId}
            type="url"
            value={urlDraft}
            placeholder="https://…"
            onChange={(e) => setUrlDraft(e.target.value)}
            className="mt-1 w-full rounded-md border border-stone-300 px-3 py-2 text-sm"
          />
        </div>
        <Button
          variant="secondary"
          disabled={!urlDraft.trim()}
          onClick={() => {
            onChange(urlDraft.trim());
            setUrlDraft('');
          }}
        >
          Use URL
        </Button>
      </div>
    </fieldset>
  );
}
