import {
  ARTICLE_CATEGORIES,
  ARTICLE_STATUS_LABELS,
  ARTICLE_STATUSES,
  type Article,
  type ArticleInput,
  articleInput,
  CATEGORY_LABELS,
  fromSiteDateTimeInput,
  ratingLineHtml,
  slugify,
  splitTags,
  toSiteDateTimeInput,
} from '@site/shared';
import { type FormEvent, useState } from 'react';
import { fieldErrors } from '../crud';
import { ImageField } from '../ImageField';
import { useDirty } from '../list/use-leave-guard';
import { usePlatform } from '../platform';
import { Button, SelectField, TextAreaField, TextField } from '../ui';

export const previewPath = (id: number) => `/admin/preview/${id}`;

export function ArticleForm({
  initial,
  pending,
  onSubmit,
  onCancel,
  onDirtyChange,
}: {
  initial: Article | null;
  pending: boolean;
  onSubmit: (body: ArticleInput) => void;
  onCancel: () => void;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { apiBase } = usePlatform();
  const [title, setTitle] = useState(initial?.title ?? '');
  const [excerpt, setExcerpt] = useState(initial?.excerpt ?? '');
  const [content, setContent] = useState(initial?.content ?? '');
  const [category, setCategory] = useState(initial?.category ?? 'wellness');
  const [tags, setTags] = useState(initial?.tags.join(', ') ?? '');
  const [slug, setSlug] = useState(initial?.slug ?? '');
  const [status, setStatus] = useState<string>(initial?.status ?? 'published');
  const [author, setAuthor] = useState(initial?.author ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [imageUrl, setImageUrl] = useState<string | null>(initial?.imageUrl ?? null);
  // A scheduled time is typed in UK time (the site's zone), whatever the editor's computer says.
  const [publishAt, setPublishAt] = useState(
    initial?.status === 'scheduled' && initial.publishedAt ? toSiteDateTimeInput(initial.publishedAt) : '',
  );
  // An AI review's rating waits here until the editor, who knows the product, confirms or dismisses it.
  const [suggestedRating, setSuggestedRating] = useState<number | null>(initial?.suggestedRating ?? null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const body = {
    title,
    excerpt,
    content,
    category,
    tags: splitTags(tags),
    imageUrl,
    slug: slug.trim() || null,
    status,
    author: author.trim() || null,
    description: description.trim() || null,
    publishedAt: status === 'scheduled' ? fromSiteDateTimeInput(publishAt) : null,
    ...(initial?.suggestedRating != null ? { suggestedRating } : {}),
    // The version this form loaded: the server refuses the save if someone saved after it (409).
    ...(initial ? { updatedAt: initial.updatedAt } : {}),
  };
  useDirty(body, onDirtyChange);

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = articleInput.safeParse(body);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    onSubmit(body as ArticleInput);
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField
        label="Title"
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        error={errors.title}
        required
      />
      <TextAreaField
        label="Excerpt"
        rows={3}
        value={excerpt}
        onChange={(e) => setExcerpt(e.target.value)}
        error={errors.excerpt}
        required
      />
      {suggestedRating !== null && (
        <div
          role="note"
          className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
        >
          <p>
            AI suggested rating: <strong>{suggestedRating} out of 5</strong>. The AI has not used this
            product: add the rating only if you agree with it.
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button
              variant="secondary"
              onClick={() => {
                setContent((c) => `${ratingLineHtml(suggestedRating)}\n${c}`);
                setSuggestedRating(null);
              }}
            >
              Add rating to article
            </Button>
            <Button variant="ghost" onClick={() => setSuggestedRating(null)}>
              Dismiss rating
            </Button>
          </div>
        </div>
      )}
      <TextAreaField
        label="Content"
        rows={10}
        value={content}
        onChange={(e) => setContent(e.target.value)}
        error={errors.content}
        required
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Category"
          value={category}
          onChange={(e) => setCategory(e.target.value)}
          error={errors.category}
          options={ARTICLE_CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABELS[c] }))}
        />
        <SelectField
          label="Status"
          value={status}
          onChange={(e) => setStatus(e.target.value)}
          options={ARTICLE_STATUSES.map((s) => ({ value: s, label: ARTICLE_STATUS_LABELS[s] }))}
        />
      </div>
      {status === 'scheduled' && (
        <TextField
          label="Publish at (UK time)"
          type="datetime-local"
          value={publishAt}
          onChange={(e) => setPublishAt(e.target.value)}
          error={errors.publishedAt}
          required
        />
      )}
      <TextField
        label="Tags (comma-separated)"
        value={tags}
        onChange={(e) => setTags(e.target.value)}
        error={errors.tags}
      />
      <TextField
        label="Slug"
        value={slug}
        placeholder={slugify(title) || 'generated-from-the-title'}
        onChange={(e) => setSlug(e.target.value)}
        error={errors.slug}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Author"
          value={author}
          onChange={(e) => setAuthor(e.target.value)}
          error={errors.author}
        />
        <TextField
          label="Meta description"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          error={errors.description}
        />
      </div>
      <ImageField value={imageUrl} onChange={setImageUrl} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending}>
          {initial ? 'Update Article' : 'Create Article'}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        {initial && (
          // Shows the saved version as readers will see it, in a new tab so this form stays as it is.
          <a
            href={`${apiBase}${previewPath(initial.id)}`}
            target="_blank"
            rel="noopener"
            className="rounded-md border border-stone-300 bg-white px-3 py-2 text-sm font-medium text-stone-800 hover:bg-stone-50"
          >
            Preview
          </a>
        )}
      </div>
    </form>
  );
}
