import {
  formatGBP,
  type Product,
  type ProductCategory,
  type ProductInput,
  PRODUCT_SORTS,
  productInput,
  SORT_LABELS,
  splitLines,
  splitTags,
} from '@site/shared';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useApi } from '../api';
import { CrudTab } from '../CrudTab';
import { fieldErrors, useCrudTab } from '../crud';
import { ImageField } from '../ImageField';
import { useDirty } from '../list/use-leave-guard';
import { BrokenLinksFilter } from '../insights/BrokenLinksFilter';
import { ClicksPanels } from '../insights/ClicksPanel';
import { ListToolbar } from '../list/ListToolbar';
import { useListParams } from '../list/use-list-params';
import { adminKeys } from '../query-keys';
import { Badge, Button, SelectField, TextAreaField, TextField } from '../ui';

const config = { entity: 'Product', resource: 'products' as const, writePath: '/api/products' };
export const categoriesKey = adminKeys.categories.all;

export function useCategories() {
  const api = useApi();
  return useQuery({
    queryKey: categoriesKey,
    queryFn: () => api<(ProductCategory & { productCount: number })[]>('GET', categoriesKey[0]),
  });
}

const FILTERS = ['q', 'categoryId', 'stock', 'broken', 'sort'] as const;

export function ProductsTab() {
  const { values: filters, set } = useListParams(FILTERS);
  const crud = useCrudTab<Product, ProductInput>(config, filters);
  const categories = useCategories();
  const categoryName = (id: number | null) => categories.data?.find((c) => c.id === id)?.name;
  const { sort: _sort, ...narrowing } = filters;
  return (
    <CrudTab<Product>
      {...crud.tabProps}
      panels={<ClicksPanels />}
      filtered={Object.keys(narrowing).length > 0}
      toolbar={
        <>
          <ListToolbar
            searchLabel="Search products"
            search={filters.q ?? ''}
            total={crud.tabProps.total}
            onChange={set}
            selects={[
              {
                name: 'categoryId',
                label: 'Filter by category',
                value: filters.categoryId ?? '',
                options: [
                  { value: '', label: 'Any category' },
                  ...(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
                ],
              },
              {
                name: 'stock',
                label: 'Filter by stock',
                value: filters.stock ?? '',
                options: [
                  { value: '', label: 'Any stock' },
                  { value: 'in', label: 'In stock' },
                  { value: 'out', label: 'Out of stock' },
                ],
              },
              {
                name: 'sort',
                label: 'Sort by',
                value: filters.sort ?? 'newest',
                options: PRODUCT_SORTS.map((s) => ({ value: s, label: SORT_LABELS[s] ?? s })),
              },
            ]}
          />
          <BrokenLinksFilter
            checked={filters.broken === 'true'}
            onChange={(on) => set('broken', on ? 'true' : '')}
          />
        </>
      }
      itemTitle={(p) => p.title}
      renderRow={(p) => (
        <>
          <h3 className="font-semibold">{p.title}</h3>
          <p className="line-clamp-2 text-sm text-stone-600">{p.description}</p>
          <div className="mt-2 flex flex-wrap gap-1">
            <Badge tone="green">{formatGBP(p.price)}</Badge>
            {categoryName(p.categoryId) && <Badge tone="rose">{categoryName(p.categoryId)}</Badge>}
            {!p.inStock && <Badge tone="amber">Out of Stock</Badge>}
            {p.linkBroken && <Badge tone="red">Broken link</Badge>}
            {p.tags.map((t) => (
              <Badge key={t}>{t}</Badge>
            ))}
            <Badge>
              {p.clickCount ?? 0} click{p.clickCount === 1 ? '' : 's'}
            </Badge>
          </div>
        </>
      )}
      renderForm={(editing, form) => (
        <ProductForm
          initial={editing}
          categories={categories.data ?? []}
          pending={crud.pending}
          onCancel={form.cancel}
          onDirtyChange={form.onDirtyChange}
          onSubmit={(body) => crud.save(editing, body, form.close)}
        />
      )}
    />
  );
}

/** "" → undefined (so "required" can say so), else the number the field holds. */
const num = (v: string) => (v.trim() === '' ? undefined : Number(v));

function ProductForm({
  initial,
  categories,
  pending,
  onSubmit,
  onCancel,
  onDirtyChange,
}: {
  initial: Product | null;
  categories: ProductCategory[];
  pending: boolean;
  onSubmit: (body: ProductInput) => void;
  onCancel: () => void;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const [f, setF] = useState({
    title: initial?.title ?? '',
    description: initial?.description ?? '',
    price: initial?.price ?? '',
    originalPrice: initial?.originalPrice ?? '',
    categoryId: initial?.categoryId ? String(initial.categoryId) : '',
    tags: initial?.tags.join(', ') ?? '',
    features: initial?.features.join('\n') ?? '',
    vendor: initial?.vendor ?? '',
    affiliateUrl: initial?.affiliateUrl ?? '',
    rating: initial?.rating == null ? '' : String(initial.rating),
    reviewCount: initial ? String(initial.reviewCount) : '',
  });
  const [inStock, setInStock] = useState(initial?.inStock ?? true);
  const [imageUrl, setImageUrl] = useState<string | null>(initial?.imageUrl ?? null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) =>
    setF((s) => ({ ...s, [k]: e.target.value }));
  useDirty({ f, inStock, imageUrl }, onDirtyChange);

  function submit(e: FormEvent) {
    e.preventDefault();
    const body = {
      title: f.title,
      description: f.description,
      price: num(f.price),
      originalPrice: num(f.originalPrice) ?? null,
      categoryId: f.categoryId ? Number.parseInt(f.categoryId, 10) : null,
      tags: splitTags(f.tags),
      features: splitLines(f.features),
      vendor: f.vendor.trim() || null,
      affiliateUrl: f.affiliateUrl.trim() || null,
      inStock,
      rating: num(f.rating) ?? null,
      reviewCount: num(f.reviewCount) ?? null,
      imageUrl,
      // The version this form loaded: the server refuses the save if someone saved after it (409).
      ...(initial ? { updatedAt: initial.updatedAt } : {}),
    };
    const parsed = productInput.safeParse(body);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    onSubmit(body as ProductInput);
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField label="Title" value={f.title} onChange={set('title')} error={errors.title} required />
      <TextAreaField
        label="Description"
        rows={5}
        value={f.description}
        onChange={set('description')}
        error={errors.description}
        required
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Price (£)"
          type="number"
          step="0.01"
          min="0"
          value={f.price}
          onChange={set('price')}
          error={errors.price}
          required
        />
        <TextField
          label="Original price (£)"
          type="number"
          step="0.01"
          min="0"
          value={f.originalPrice}
          onChange={set('originalPrice')}
          error={errors.originalPrice}
        />
        <SelectField
          label="Category"
          value={f.categoryId}
          onChange={set('categoryId')}
          error={errors.categoryId}
          options={[
            { value: '', label: 'No category' },
            ...categories.map((c) => ({ value: String(c.id), label: c.name })),
          ]}
        />
        <TextField label="Vendor" value={f.vendor} onChange={set('vendor')} error={errors.vendor} />
        <TextField
          label="Rating (0–5)"
          type="number"
          step="0.1"
          min="0"
          max="5"
          value={f.rating}
          onChange={set('rating')}
          error={errors.rating}
        />
        <TextField
          label="Review count"
          type="number"
          step="1"
          min="0"
          value={f.reviewCount}
          onChange={set('reviewCount')}
          error={errors.reviewCount}
        />
      </div>
      <TextField
        label="Affiliate URL"
        type="url"
        value={f.affiliateUrl}
        onChange={set('affiliateUrl')}
        error={errors.affiliateUrl}
      />
      <TextAreaField
        label="Features (one per line)"
        rows={4}
        value={f.features}
        onChange={set('features')}
        error={errors.features}
      />
      <TextField label="Tags (comma-separated)" value={f.tags} onChange={set('tags')} error={errors.tags} />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={inStock} onChange={(e) => setInStock(e.target.checked)} /> In stock
      </label>
      <ImageField value={imageUrl} onChange={setImageUrl} />
      <div className="flex gap-2">
        <Button type="submit" disabled={pending}>
          {initial ? 'Update Product' : 'Create Product'}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
