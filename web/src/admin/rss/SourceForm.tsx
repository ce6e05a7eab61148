import {
  ALL_ARTICLE_CATEGORIES,
  CATEGORY_LABELS,
  type RssSource,
  type RssSourceInput,
  type RssSourceTestInput,
  rssSourceInput,
} from '@site/shared';
import { type FormEvent, useState } from 'react';
import { fieldErrors } from '../crud';
import { useDirty } from '../list/use-leave-guard';
import { Button, SelectField, TextField } from '../ui';

const categoryOptions = ALL_ARTICLE_CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABELS[c] }));
const toList = (text: string) =>
  text
    .split(',')
    .map((w) => w.trim())
    .filter(Boolean);

/** Add or edit a source; `onTest` fetches the typed URL (with the typed keywords) without saving anything. */
export function SourceForm({
  initial,
  pending,
  testing,
  onSubmit,
  onTest,
  onCancel,
  onDirtyChange,
}: {
  initial: RssSource | null;
  pending: boolean;
  testing: boolean;
  onSubmit: (body: RssSourceInput) => void;
  /** Fetch the typed URL with the typed keywords, saving nothing. */
  onTest: (body: RssSourceTestInput) => void;
  onCancel: () => void;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const [name, setName] = useState(initial?.name ?? '');
  const [url, setUrl] = useState(initial?.url ?? '');
  const [category, setCategory] = useState<string>(initial?.category ?? 'community');
  const [enabled, setEnabled] = useState(initial?.enabled ?? true);
  const [makeRecipes, setMakeRecipes] = useState(initial?.makeRecipes ?? false);
  const [include, setInclude] = useState(initial?.includeKeywords.join(', ') ?? '');
  const [exclude, setExclude] = useState(initial?.excludeKeywords.join(', ') ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  useDirty({ name, url, category, enabled, makeRecipes, include, exclude }, onDirtyChange);

  function submit(e: FormEvent) {
    e.preventDefault();
    const body = {
      name,
      url,
      category,
      enabled,
      makeRecipes,
      includeKeywords: toList(include),
      excludeKeywords: toList(exclude),
    };
    // The API's own schema, so the form refuses what the server would.
    const parsed = rssSourceInput.safeParse(body);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    onSubmit(parsed.data);
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={initial ? `Edit ${initial.name}` : 'Add RSS source'}
      className="space-y-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} error={errors.name} />
        <SelectField
          label="Category"
          value={category}
          onChange={(e) => setCategory(e.target.value)}
          options={categoryOptions}
          error={errors.category}
        />
      </div>
      <TextField
        label="Feed URL"
        type="url"
        inputMode="url"
        placeholder="https://example.com/feed.xml"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        error={errors.url}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Only items mentioning (comma-separated, optional)"
          value={include}
          onChange={(e) => setInclude(e.target.value)}
          error={errors.includeKeywords}
        />
        <TextField
          label="Skip items mentioning (comma-separated, optional)"
          value={exclude}
          onChange={(e) => setExclude(e.target.value)}
          error={errors.excludeKeywords}
        />
      </div>
      <div className="flex flex-wrap gap-6 text-sm text-stone-800">
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
          Enabled
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={makeRecipes} onChange={(e) => setMakeRecipes(e.target.checked)} />
          Make themed recipes (WWE) from its items
        </label>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending}>
          {initial ? 'Save Source' : 'Add Source'}
        </Button>
        <Button
          variant="secondary"
          disabled={testing || !url.trim()}
          onClick={() =>
            onTest({ url: url.trim(), includeKeywords: toList(include), excludeKeywords: toList(exclude) })
          }
        >
          {testing ? 'Testing...' : 'Test Feed'}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
