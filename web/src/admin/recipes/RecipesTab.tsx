import {
  CUISINES,
  DIFFICULTIES,
  parseIntOrNull,
  RECIPE_SORTS,
  type Recipe,
  type RecipeInput,
  recipeInput,
  SORT_LABELS,
  splitLines,
  splitTags,
} from '@site/shared';
import { type FormEvent, useState } from 'react';
import { CrudTab } from '../CrudTab';
import { fieldErrors, useCrudTab } from '../crud';
import { ImageField } from '../ImageField';
import { useDirty } from '../list/use-leave-guard';
import { ListToolbar } from '../list/ListToolbar';
import { useListParams } from '../list/use-list-params';
import { Badge, Button, SelectField, TextAreaField, TextField } from '../ui';

const config = { entity: 'Recipe', resource: 'recipes' as const, writePath: '/api/recipes' };
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const FILTERS = ['q', 'cuisine', 'difficulty', 'wwe', 'sort'] as const;

export function RecipesTab() {
  const { values: filters, set } = useListParams(FILTERS);
  const crud = useCrudTab<Recipe, RecipeInput>(config, filters);
  const { sort: _sort, ...narrowing } = filters;
  return (
    <CrudTab<Recipe>
      {...crud.tabProps}
      filtered={Object.keys(narrowing).length > 0}
      toolbar={
        <ListToolbar
          searchLabel="Search recipes"
          search={filters.q ?? ''}
          total={crud.tabProps.total}
          onChange={set}
          selects={[
            {
              name: 'cuisine',
              label: 'Filter by cuisine',
              value: filters.cuisine ?? '',
              options: [
                { value: '', label: 'Any cuisine' },
                ...CUISINES.map((c) => ({ value: c, label: cap(c) })),
              ],
            },
            {
              name: 'difficulty',
              label: 'Filter by difficulty',
              value: filters.difficulty ?? '',
              options: [
                { value: '', label: 'Any difficulty' },
                ...DIFFICULTIES.map((d) => ({ value: d, label: cap(d) })),
              ],
            },
            {
              name: 'wwe',
              label: 'Filter by WWE tag',
              value: filters.wwe ?? '',
              options: [
                { value: '', label: 'Any' },
                { value: 'true', label: 'Tagged WWE' },
                { value: 'false', label: 'Not WWE' },
              ],
            },
            {
              name: 'sort',
              label: 'Sort by',
              value: filters.sort ?? 'newest',
              options: RECIPE_SORTS.map((s) => ({ value: s, label: SORT_LABELS[s] ?? s })),
            },
          ]}
        />
      }
      itemTitle={(r) => r.title}
      renderRow={(r) => (
        <>
          <h3 className="font-semibold">{r.title}</h3>
          {r.description && <p className="line-clamp-2 text-sm text-stone-600">{r.description}</p>}
          <div className="mt-2 flex flex-wrap gap-1">
            {r.difficulty && <Badge tone="amber">{cap(r.difficulty)}</Badge>}
            {r.cuisine && <Badge tone="rose">{cap(r.cuisine)}</Badge>}
            {r.tags.map((t) => (
              <Badge key={t}>{t}</Badge>
            ))}
          </div>
        </>
      )}
      renderForm={(editing, form) => (
        <RecipeForm
          initial={editing}
          pending={crud.pending}
          onCancel={form.cancel}
          onDirtyChange={form.onDirtyChange}
          onSubmit={(body) => crud.save(editing, body, form.close)}
        />
      )}
    />
  );
}

const str = (n: number | null | undefined) => (n == null ? '' : String(n));

function RecipeForm({
  initial,
  pending,
  onSubmit,
  onCancel,
  onDirtyChange,
}: {
  initial: Recipe | null;
  pending: boolean;
  onSubmit: (body: RecipeInput) => void;
  onCancel: () => void;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const [f, setF] = useState({
    title: initial?.title ?? '',
    description: initial?.description ?? '',
    ingredients: initial?.ingredients.join('\n') ?? '',
    instructions: initial?.instructions.join('\n') ?? '',
    prepTime: str(initial?.prepTime),
    cookTime: str(initial?.cookTime),
    servings: str(initial?.servings),
    difficulty: initial?.difficulty ?? '',
    cuisine: initial?.cuisine ?? '',
    tags: initial?.tags.join(', ') ?? '',
  });
  const [imageUrl, setImageUrl] = useState<string | null>(initial?.imageUrl ?? null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) =>
    setF((s) => ({ ...s, [k]: e.target.value }));
  useDirty({ f, imageUrl }, onDirtyChange);

  function submit(e: FormEvent) {
    e.preventDefault();
    // Spec §5: lines with blanks dropped; times and servings integers or null; tags trimmed.
    const body = {
      title: f.title,
      description: f.description.trim() || null,
      ingredients: splitLines(f.ingredients),
      instructions: splitLines(f.instructions),
      prepTime: parseIntOrNull(f.prepTime),
      cookTime: parseIntOrNull(f.cookTime),
      servings: parseIntOrNull(f.servings),
      difficulty: f.difficulty || null,
      cuisine: f.cuisine || null,
      imageUrl,
      tags: splitTags(f.tags),
      // The version this form loaded: the server refuses the save if someone saved after it (409).
      ...(initial ? { updatedAt: initial.updatedAt } : {}),
    };
    const parsed = recipeInput.safeParse(body);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    onSubmit(body as RecipeInput);
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField label="Title" value={f.title} onChange={set('title')} error={errors.title} required />
      <TextAreaField
        label="Description"
        rows={3}
        value={f.description}
        onChange={set('description')}
        error={errors.description}
      />
      <TextAreaField
        label="Ingredients (one per line)"
        rows={8}
        value={f.ingredients}
        onChange={set('ingredients')}
        error={errors.ingredients}
        required
      />
      <TextAreaField
        label="Instructions (one per line)"
        rows={8}
        value={f.instructions}
        onChange={set('instructions')}
        error={errors.instructions}
        required
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label="Prep time (minutes)"
          type="number"
          min="0"
          value={f.prepTime}
          onChange={set('prepTime')}
          error={errors.prepTime}
        />
        <TextField
          label="Cook time (minutes)"
          type="number"
          min="0"
          value={f.cookTime}
          onChange={set('cookTime')}
          error={errors.cookTime}
        />
        <TextField
          label="Servings"
          type="number"
          min="1"
          value={f.servings}
          onChange={set('servings')}
          error={errors.servings}
        />
        <SelectField
          label="Difficulty"
          value={f.difficulty}
          onChange={set('difficulty')}
          options={[
            { value: '', label: 'Not set' },
            ...DIFFICULTIES.map((d) => ({ value: d, label: cap(d) })),
          ]}
        />
        <SelectField
          label="Cuisine"
          value={f.cuisine}
          onChange={set('cuisine')}
          options={[{ value: '', label: 'Not set' }, ...CUISINES.map((c) => ({ value: c, label: cap(c) }))]}
        />
      </div>
      <TextField label="Tags (comma-separated)" value={f.tags} onChange={set('tags')} error={errors.tags} />
      <ImageField value={imageUrl} onChange={setImageUrl} />
      <div className="flex gap-2">
        <Button type="submit" disabled={pending}>
          {initial ? 'Update Recipe' : 'Create Recipe'}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
