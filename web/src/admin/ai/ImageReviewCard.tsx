import { AI_CATEGORIES, LIMITS, UPLOAD_MIME_TYPES } from '@site/shared';
import { useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useToast } from '../../components/toast/toast';
import { type PickedFile, usePlatform } from '../platform';
import { draftEditPath } from '../api';
import { useDirty, useLeaveGuard } from '../list/use-leave-guard';
import { errorMessage, useAiStatus, useAnalyzeImage } from './api';
import { AiSubmitButton } from './BusyButton';
import { modelLabel } from './SettingsCard';
import { Card, CategorySelect, DraftLink, Field, inputClass } from './fields';

const isAiCategory = (v: string) => (AI_CATEGORIES as readonly string[]).includes(v);

/** Spec §2/§5: review from a product photo; the result is saved as a draft and opened for editing. */
export function ImageReviewCard() {
  const id = useId();
  const platform = usePlatform();
  const toast = useToast();
  const navigate = useNavigate();
  const analyze = useAnalyzeImage();
  const fileInput = useRef<HTMLInputElement>(null);
  const [image, setImage] = useState<PickedFile | null>(null);
  const [category, setCategory] = useState('');
  const [priceRange, setPriceRange] = useState('');
  // A picked photo or typed details not sent yet: leaving the tab or the page asks first.
  useLeaveGuard(useDirty({ picked: image !== null, category, priceRange }));
  const model = useAiStatus().data?.model;

  const fail = (description: string, title = 'Error') =>
    toast({ title, description, variant: 'destructive' });

  /** Same client checks as the upload control (spec §5); the server checks the bytes again. */
  const accept = (file: PickedFile | null) => {
    if (!file) return;
    if (!(UPLOAD_MIME_TYPES as readonly string[]).includes(file.type)) {
      fail('Please upload a JPEG, PNG, GIF, or WebP image.', 'Invalid file type');
      return;
    }
    if (file.size > LIMITS.uploadMaxBytes) {
      fail('Please upload an image smaller than 5MB.', 'File too large');
      return;
    }
    setImage(file);
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (analyze.isPending) return;
    if (!image) return fail('Please select an image file');
    if (!isAiCategory(category)) return fail('Please select a category');
    analyze.mutate(
      { image, category, priceRange },
      {
        onSuccess: (r) => {
          toast({ title: 'Review generated', description: `"${r.article.title}" was saved as a draft.` });
          navigate(draftEditPath(r.article.id));
        },
        onError: (err) => fail(errorMessage(err, 'Failed to analyze image')),
      },
    );
  };

  return (
    <Card
      title="Generate Review from Product Image"
      description={`Upload a product photo and ${model ? modelLabel(model) : 'the AI'} writes a review draft for an editor to check.`}
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <Field
          label="Product image"
          htmlFor={`${id}-image`}
          hint={image ? `Selected: ${image.name}` : undefined}
        >
          {platform.pickImage ? (
            <button
              id={`${id}-image`}
              type="button"
              className="mt-1 block rounded-md border border-stone-300 px-3 py-2 text-sm"
              onClick={async () => accept((await platform.pickImage?.()) ?? null)}
            >
              Choose image…
            </button>
          ) : (
            <input
              ref={fileInput}
              id={`${id}-image`}
              type="file"
              accept="image/*"
              className={inputClass}
              onChange={(e) => {
                const f = e.target.files?.[0];
                accept(f ? { name: f.name, type: f.type, size: f.size, data: f } : null);
                if (fileInput.current && !f) fileInput.current.value = '';
              }}
            />
          )}
        </Field>
        <Field label="Category" htmlFor={`${id}-category`}>
          <CategorySelect id={`${id}-category`} value={category} onChange={setCategory} />
        </Field>
        <Field label="Price range (optional)" htmlFor={`${id}-price`}>
          <input
            id={`${id}-price`}
            className={inputClass}
            placeholder="e.g. £20-£40"
            maxLength={60}
            value={priceRange}
            onChange={(e) => setPriceRange(e.target.value)}
          />
        </Field>
        <AiSubmitButton
          busy={analyze.isPending}
          idle="Generate Review from Image"
          working="Analyzing Image..."
        />
      </form>
      {analyze.data && <DraftLink article={analyze.data.article} />}
    </Card>
  );
}
