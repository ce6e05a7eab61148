import { useId, useState } from 'react';
import { Button, Dialog } from '../../ui';

export interface ImageDetails {
  alt: string;
  caption: string;
}

/**
 * Asks for an image's alt text (and an optional caption) when it is added, and again from the
 * toolbar's "Image details" (issue 31 §2). Skipping leaves the alt text empty; the writing aids then
 * count the image as one without a description.
 */
export function ImageDetailsDialog({
  fileName,
  initial,
  onDone,
  onClose,
}: {
  /** Set for an image being added: the dialog names it. */
  fileName?: string;
  initial: ImageDetails;
  onDone: (details: ImageDetails) => void;
  onClose: () => void;
}) {
  const [alt, setAlt] = useState(initial.alt);
  const [caption, setCaption] = useState(initial.caption);
  const altId = useId();
  const done = () =>
    onDone({ alt: alt.replace(/\s+/g, ' ').trim(), caption: caption.replace(/\s+/g, ' ').trim() });
  const captionId = useId();
  return (
    <Dialog open onClose={onClose} title={fileName ? 'Describe this image' : 'Image details'}>
      {fileName && <p className="mb-3 break-all text-sm text-stone-600">{fileName}</p>}
      <label htmlFor={altId} className="block text-sm font-medium text-stone-800">
        Alt text
      </label>
      <p id={`${altId}-hint`} className="text-sm text-stone-600">
        What the image shows, for readers who cannot see it.
      </p>
      <textarea
        id={altId}
        rows={2}
        value={alt}
        maxLength={300}
        aria-describedby={`${altId}-hint`}
        onChange={(e) => setAlt(e.target.value)}
        className="mt-1 w-full rounded-md border border-stone-300 px-3 py-2 text-sm"
      />
      <label htmlFor={captionId} className="mt-3 block text-sm font-medium text-stone-800">
        Caption (optional)
      </label>
      <input
        id={captionId}
        value={caption}
        maxLength={300}
        onChange={(e) => setCaption(e.target.value)}
        // The dialog sits inside the article's form: Enter must not submit (save) the article.
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            done();
          }
        }}
        className="mt-1 w-full rounded-md border border-stone-300 px-3 py-2 text-sm"
      />
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {fileName ? 'Skip for now' : 'Cancel'}
        </Button>
        <Button onClick={done}>Save image details</Button>
      </div>
    </Dialog>
  );
}
