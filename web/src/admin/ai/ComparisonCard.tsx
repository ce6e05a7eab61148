import { aiComparisonInput } from '@site/shared';
import { useId, useState } from 'react';
import { useToast } from '../../components/toast/toast';
import { useDirty, useLeaveGuard } from '../list/use-leave-guard';
import { errorMessage, useGenerateComparison } from './api';
import { AiSubmitButton } from './BusyButton';
import { Card, CategorySelect, DraftLink, Field, FormError, inputClass } from './fields';

const EMPTY = { category: '', products: '' };

/** Comparison generator (spec §2), wired to POST /api/admin/ai/comparison; the result is a draft with a table. */
export function ComparisonCard() {
  const id = useId();
  const toast = useToast();
  const generate = useGenerateComparison();
  const [form, setForm] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  // Typed but not generated yet: leaving the tab or the page asks first.
  useLeaveGuard(useDirty(form));

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (generate.isPending) return;
    const parsed = aiComparisonInput.safeParse(form);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Please check the form');
    setError(null);
    generate.mutate(
      { ...form, category: parsed.data.category },
      {
        onSuccess: (r) => {
          toast({ title: 'Comparison generated', description: `"${r.article.title}" was saved as a draft.` });
          setForm(EMPTY);
        },
        onError: (err) =>
          toast({
            title: 'Error',
            description: errorMessage(err, 'Failed to generate comparison'),
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <Card
      title="Product Comparison Generator"
      description="Compare products side by side in a draft article."
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <Field label="Category" htmlFor={`${id}-category`}>
          <CategorySelect
            id={`${id}-category`}
            value={form.category}
            onChange={(category) => setForm((f) => ({ ...f, category }))}
          />
        </Field>
        <Field label="Products" htmlFor={`${id}-products`} hint="One product per line, at least two">
          <textarea
            id={`${id}-products`}
            className={inputClass}
            rows={5}
            value={form.products}
            onChange={(e) => setForm((f) => ({ ...f, products: e.target.value }))}
          />
        </Field>
        <FormError message={error} />
        <AiSubmitButton
          busy={generate.isPending}
          idle="Generate Comparison"
          working="Generating Comparison..."
        />
      </form>
      {generate.data && <DraftLink article={generate.data.article} />}
    </Card>
  );
}
