import {
  ARTICLE_CATEGORIES,
  ARTICLE_STATUSES,
  type Article,
  type ArticleInput,
  articleInput,
  CATEGORY_LABELS,
  type AnyArticleCategory,
  slugify,
  splitTags,
} from '@site/shared';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CrudTab } from '../CrudTab';
import { fieldErrors, useCrudTab } from '../crud';
import { ImageField } from '../ImageField';
import { ArticleReadsButton, ReadsPanel } from '../insights/ReadsPanel';
import { Badge, Button, SelectField, TextAreaField, TextField } from '../ui';

const config = { entity: 'Article', resource: 'articles' as const, writePath: '/api/content' };

export function ArticlesTab() {
  const crud = useCrudTab<Article, ArticleInput>(config);
  // The AI tools link their new drafts here: /admin?tab=articles&edit={id}
  const editParam = Number(useSearchParams()[0].get('edit'));
  return (
    <CrudTab<Article>
      panels={<ReadsPanel />}
      renderActions={(a) => a.status !== 'draft' && <ArticleReadsButton id={a.id} title={a.title} />}
      initialEditId={Number.isInteger(editParam) && editParam > 0 ? editParam : null}
      {...crud.tabProps}
      itemTitle={(a) => a.title}
      renderRow={(a) => (
        <>
          <h3 className="font-semibold">{a.title}</h3>
          <p className="line-clamp-2 text-sm text-stone-600">{a.excerpt}</p>
          <div className="mt-2 flex flex-wrap gap-1">
            <Badge tone="rose">{CATEGORY_LABELS[a.category as AnyArticleCategory] ?? a.category}</Badge>
            {a.status === 'draft' && <Badge tone="amber">Draft</Badge>}
            {a.tags.map((t) => (
              <Badge key={t}>{t}</Badge>
            ))}
          </div>
        </>
      )}
      renderForm={(editing, close) => (
        <ArticleForm
          initial={editing}
          pending={crud.pending}
          onCancel={close}
          onSubmit={(body) => crud.save(editing, body, close)}
        />
      )}
    />
  );
}

function ArticleForm({
  initial,
  pending,
  onSubmit,
  onCancel,
}: {
  initial: Article | null;
  pending: boolean;
  onSubmit: (body: ArticleInput) => void;
  onCancel: () => void;
}) {
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
  const [errors, setErrors] = useState<Record<string, string>>({});

  function submit(e: FormEvent) {
    e.preventDefault();
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
    };
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
          options={ARTICLE_STATUSES.map((s) => ({ value: s, label: s === 'draft' ? 'Draft' : 'Published' }))}
        />
      </div>
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
      <div className="flex gap-2">
        <Button type="submit" disabled={pending}>
          {initial ? 'Update Article' : 'Create Article'}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
