import { type ProductCategory, productCategoryInput } from '@site/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useToast } from '../../components/toast/toast';
import { isUnauthorized, serverMessage, useApi } from '../api';
import { fieldErrors } from '../crud';
import { confirmLeave, useDirty, useLeaveGuard } from '../list/use-leave-guard';
import { useCategories } from '../products/ProductsTab';
import { invalidateChanged } from '../query-keys';
import { Button, ConfirmDialog, Skeletons, TextField } from '../ui';

type Category = ProductCategory & { productCount: number };

/** "Product Categories": add (spec), plus edit and delete (a category with products cannot go). */
export function CategoriesTab() {
  const api = useApi();
  const toast = useToast();
  const qc = useQueryClient();
  const categories = useCategories();
  const [editing, setEditing] = useState<Category | null>(null);
  const [toDelete, setToDelete] = useState<Category | null>(null);
  // The form holds typed text (a new or an edited category): leaving or switching asks first.
  const [dirty, setDirty] = useState(false);
  useLeaveGuard(dirty);
  const edit = (c: Category | null) => {
    if (confirmLeave(dirty)) setEditing(c);
  };

  const done = (verb: string) => () => {
    toast({ title: 'Success', description: `Category ${verb} successfully` });
    setEditing(null);
    return invalidateChanged(qc, 'categories');
  };
  const fail = (verb: string) => (err: unknown) => {
    if (isUnauthorized(err)) return;
    const detail = serverMessage(err);
    toast({
      title: 'Error',
      description: `Failed to ${verb} category${detail ? `: ${detail}` : ''}`,
      variant: 'destructive',
    });
  };
  const save = useMutation({
    mutationFn: ({ id, body }: { id?: number; body: { name: string; description: string | null } }) =>
      id ? api('PUT', `/api/product-categories/${id}`, body) : api('POST', '/api/product-categories', body),
    onSuccess: (_d, v) => done(v.id ? 'updated' : 'created')(),
    onError: (err, v) => fail(v.id ? 'update' : 'create')(err),
  });
  const remove = useMutation({
    mutationFn: (id: number) => api('DELETE', `/api/product-categories/${id}`),
    onSuccess: done('deleted'),
    onError: fail('delete'),
  });

  return (
    <div>
      <h2 className="mb-4 font-serif text-2xl font-semibold">Product Categories</h2>
      <section className="mb-6 rounded-lg border border-stone-200 bg-white p-4" aria-label="Category form">
        <h3 className="mb-4 text-lg font-semibold">{editing ? 'Edit Category' : 'Add Category'}</h3>
        <CategoryForm
          key={editing?.id ?? 'new'}
          initial={editing}
          pending={save.isPending}
          onCancel={editing ? () => edit(null) : undefined}
          onDirtyChange={setDirty}
          onSubmit={(body, reset) => save.mutate({ id: editing?.id, body }, { onSuccess: reset })}
        />
      </section>
      {categories.isLoading ? (
        <Skeletons count={3} label="Loading categories" />
      ) : (categories.data ?? []).length === 0 ? (
        <p className="py-8 text-center text-stone-600">No categories yet.</p>
      ) : (
        <ul className="space-y-3">
          {(categories.data ?? []).map((c) => (
            <li
              key={c.id}
              className="flex items-start justify-between gap-4 rounded-lg border border-stone-200 bg-white p-4"
            >
              <div>
                <h3 className="font-semibold">{c.name}</h3>
                {c.description && <p className="text-sm text-stone-600">{c.description}</p>}
                <p className="text-xs text-stone-500">
                  {c.productCount} product{c.productCount === 1 ? '' : 's'}
                </p>
              </div>
              <div className="flex gap-2">
                <Button variant="secondary" aria-label={`Edit ${c.name}`} onClick={() => edit(c)}>
                  Edit
                </Button>
                <Button variant="danger" aria-label={`Delete ${c.name}`} onClick={() => setToDelete(c)}>
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        removesRow
        title="Delete category?"
        body={toDelete ? `"${toDelete.name}" will be deleted. This cannot be undone.` : ''}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (toDelete) remove.mutate(toDelete.id);
          setToDelete(null);
        }}
      />
    </div>
  );
}

function CategoryForm({
  initial,
  pending,
  onSubmit,
  onCancel,
  onDirtyChange,
}: {
  initial: Category | null;
  pending: boolean;
  onSubmit: (body: { name: string; description: string | null }, reset: () => void) => void;
  onCancel?: (() => void) | undefined;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const [name, setName] = useState(initial?.name ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  useDirty({ name, description }, onDirtyChange);
  const [errors, setErrors] = useState<Record<string, string>>({});
  function submit(e: FormEvent) {
    e.preventDefault();
    const body = { name, description: description.trim() || null };
    const parsed = productCategoryInput.safeParse(body);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    onSubmit(body, () => {
      setName('');
      setDescription('');
    });
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField
        label="Name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={errors.name}
        required
      />
      <TextField
        label="Description (optional)"
        value={description}
        onChange={(e) => setDescription(e.target.value)}
      />
      <div className="flex gap-2">
        <Button type="submit" disabled={pending}>
          {initial ? 'Update Category' : 'Add Category'}
        </Button>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
