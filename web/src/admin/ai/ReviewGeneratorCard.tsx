import { aiReviewInput } from '@site/shared';
import { useId, useState } from 'react';
import { useToast } from '../../components/toast/toast';
import { useDirty, useLeaveGuard } from '../list/use-leave-guard';
import { errorMessage, useGenerateReview } from './api';
import { AiSubmitButton } from './BusyButton';
import { Card, CategorySelect, DraftLink, Field, FormError, inputClass } from './fields';

const EMPTY = { productName: '', category: '', priceRange: '', targetAudience: '', keyFeatures: '' };

/** Product review generator (spec §2), wired to POST /api/admin/ai/review; the result is a draft. */
export function ReviewGeneratorCard() {
  const id = useId();
  const toast = useToast();
  const generate = useGenerateReview();
  const [form, setForm] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  // Typed but not generated yet: leaving the tab or the page asks first.
  useLeaveGuard(useDirty(form));
  const set = (k: keyof typeof EMPTY) => (v: string) => setForm((f) => ({ ...f, [k]: v }));

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (generate.isPending) return;
    // The same schema the server validates with.
    const parsed = aiReviewInput.safeParse(form);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Please check the form');
    setError(null);
    generate.mutate(
      { ...form, category: parsed.data.category },
      {
        onSuccess: (r) => {
          toast({ title: 'Review generated', description: `"${r.article.title}" was saved as a draft.` });
          setForm(EMPTY);
        },
        onError: (err) =>
          toast({
            title: 'Error',
            description: errorMessage(err, 'Failed to generate review'),
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <Card title="Product Review Generator" description="Describe a product and get a review draft.">
      <form onSubmit={submit} className="space-y-4" noValidate>
        <Field label="Product name" htmlFor={`${id}-name`}>
          <input
            id={`${id}-name`}
            className={inputClass}
            maxLength={120}
            value={form.productName}
            onChange={(e) => set('productName')(e.target.value)}
          />
        </Field>
        <Field label="Category" htmlFor={`${id}-category`}>
          <CategorySelect id={`${id}-category`} value={form.category} onChange={set('category')} />
        </Field>
        <Field label="Price range" htmlFor={`${id}-price`}>
          <input
            id={`${id}-price`}
            className={inputClass}
            maxLength={60}
            value={form.priceRange}
            onChange={(e) => set('priceRange')(e.target.value)}
          />
        </Field>
        <Field label="Target audience" htmlFor={`${id}-audience`}>
          <input
            id={`${id}-audience`}
            className={inputClass}
            maxLength={200}
            value={form.targetAudience}
            onChange={(e) => set('targetAudience')(e.target.value)}
          />
        </Field>
        <Field label="Key features" htmlFor={`${id}-features`} hint="Comma-separated">
          <textarea
            id={`${id}-features`}
            className={inputClass}
            rows={3}
            value={form.keyFeatures}
            onChange={(e) => set('keyFeatures')(e.target.value)}
          />
        </Field>
        <FormError message={error} />
        <AiSubmitButton busy={generate.isPending} idle="Generate Review" working="Generating Review..." />
      </form>
      {generate.data && <DraftLink article={generate.data.article} />}
    </Card>
  );
}
