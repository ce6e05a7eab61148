import {
  ARTICLE_CATEGORIES,
  ARTICLE_STATUS_LABELS,
  ARTICLE_STATUSES,
  type Article,
  type ArticleDraft,
  type ArticleInput,
  articleInput,
  CATEGORY_LABELS,
  formatDateTime,
  fromSiteDateTimeInput,
  ratingLineHtml,
  slugify,
  splitTags,
  toSiteDateTimeInput,
} from '@site/shared';
import type { Editor } from '@tiptap/core';
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { fieldErrors } from '../crud';
import { ImageField } from '../ImageField';
import { confirmLeave, useDirty } from '../list/use-leave-guard';
import { usePlatform } from '../platform';
import { type Owned, usePermissions } from '../permissions';
import { Button, SelectField, TextAreaField, TextField } from '../ui';
import { previewPath } from './article-actions';
import { storedHtml } from './editor/extensions';
import { cleanHtml } from './editor/paste-clean';
import RichEditor from './editor/RichEditor';
import { RevisionHistory } from './editor/RevisionHistory';
import { type AutosaveStatus, useDraftKeeper } from './editor/use-draft-keeper';
import { WritingAids } from './editor/WritingAids';

/** An article as its edit form loads it: with the body as the site renders it, which the editor opens. */
export type EditableArticle = Article & Owned & { contentHtml?: string };

/** What the form asks of whoever saves it. */
export interface SaveHooks {
  /** The save landed: the kept draft is no longer needed. */
  onSaved: () => void;
  /** The save failed; a network failure keeps it for when the connection returns. */
  onError: (err: unknown) => void;
}

const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;
/** A network failure (fetch's TypeError, the desktop bridge's too), not an answer from the server. */
const isNetworkError = (err: unknown) => err instanceof TypeError;

function statusLine(s: AutosaveStatus, queued: boolean) {
  if (queued)
    return 'Offline: your changes are kept on this device and will be saved when the connection returns.';
  switch (s.kind) {
    case 'saving':
      return 'Autosaving…';
    case 'saved':
      return `Autosaved at ${formatDateTime(s.at, { zone: false })}`;
    case 'device-only':
      return s.reason === 'offline' ? 'Offline: changes kept on this device' : 'Changes kept on this device';
    default:
      return '';
  }
}

export function ArticleForm({
  initial,
  pending,
  onSubmit,
  onCancel,
  onClose,
  onDirtyChange,
  onRestored,
}: {
  initial: EditableArticle | null;
  pending: boolean;
  onSubmit: (body: ArticleInput, hooks: SaveHooks) => void;
  /** Cancel: asks first when there are unsaved changes. */
  onCancel: () => void;
  /** Closes without asking (after the editor chose to discard). */
  onClose?: () => void;
  onDirtyChange: (dirty: boolean) => void;
  /** A revision was restored (a new save): reopen the form on it. */
  onRestored?: (restored: Article) => void;
}) {
  const { apiBase } = usePlatform();
  // Contributors save drafts only; authors publish and schedule their own articles, editors any.
  const mayPublish = usePermissions().can('article.publish', initial ?? undefined);
  const [title, setTitle] = useState(initial?.title ?? '');
  const [excerpt, setExcerpt] = useState(initial?.excerpt ?? '');
  const [content, setContent] = useState(initial?.content ?? '');
  const [category, setCategory] = useState(initial?.category ?? 'wellness');
  const [tags, setTags] = useState(initial?.tags.join(', ') ?? '');
  const [slug, setSlug] = useState(initial?.slug ?? '');
  const [chosenStatus, setStatus] = useState<string>(initial?.status ?? (mayPublish ? 'published' : 'draft'));
  const status = mayPublish ? chosenStatus : 'draft';
  const [author, setAuthor] = useState(initial?.author ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [imageUrl, setImageUrl] = useState<string | null>(initial?.imageUrl ?? null);
  // A scheduled time is typed in UK time (the site's zone), whatever the editor's computer says.
  const [publishAt, setPublishAt] = useState(
    initial?.status === 'scheduled' && initial.publishedAt ? toSiteDateTimeInput(initial.publishedAt) : '',
  );
  // An AI review's rating waits here until the editor, who knows the product, confirms or dismissed it.
  const [suggestedRating, setSuggestedRating] = useState<number | null>(initial?.suggestedRating ?? null);
  const [redirectOld, setRedirectOld] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [uploadsBusy, setUploadsBusy] = useState(false);
  const [queued, setQueued] = useState(false);
  const [history, setHistory] = useState(false);
  const editor = useRef<Editor | null>(null);
  const onEditor = useCallback((e: Editor | null) => {
    editor.current = e;
  }, []);
  const contentLabel = useId();

  // Readers know a published article by its slug: changing it breaks that address unless it redirects.
  const liveSlug = initial && initial.status === 'published' ? initial.slug : null;
  const slugChanged = Boolean(liveSlug && slug.trim() && slug.trim() !== liveSlug);

  const draft: ArticleDraft = {
    title,
    excerpt,
    content,
    category: category as ArticleDraft['category'],
    tags,
    slug,
    status: status as ArticleDraft['status'],
    author,
    description,
    imageUrl,
    publishAt,
  };
  const bodyOf = (html: string) => ({
    title,
    excerpt,
    content: html,
    category,
    tags: splitTags(tags),
    imageUrl,
    slug: slug.trim() || null,
    status,
    author: author.trim() || null,
    description: description.trim() || null,
    publishedAt: status === 'scheduled' ? fromSiteDateTimeInput(publishAt) : null,
    ...(initial?.suggestedRating != null ? { suggestedRating } : {}),
    ...(slugChanged ? { redirectOldSlug: redirectOld } : {}),
    // The version this form loaded: the server refuses the save if someone saved after it (409).
    ...(initial ? { updatedAt: initial.updatedAt } : {}),
  });
  const body = bodyOf(content);
  const dirty = useDirty(body, onDirtyChange);
  const [opened] = useState(draft);
  const keeper = useDraftKeeper({
    slot: initial?.id ?? 'new',
    opened,
    openedUpdatedAt: initial?.updatedAt ?? null,
    draft,
    dirty,
  });

  function restoreDraft(d: ArticleDraft) {
    setTitle(d.title);
    setExcerpt(d.excerpt);
    setCategory(d.category ?? 'wellness');
    setTags(d.tags);
    setSlug(d.slug);
    setStatus(d.status ?? 'published');
    setAuthor(d.author);
    setDescription(d.description);
    setImageUrl(d.imageUrl ?? null);
    setPublishAt(d.publishAt);
    setContent(d.content);
    editor.current?.commands.setContent(cleanHtml(d.content), { emitUpdate: false });
    keeper.accept();
  }

  /** The body to send: the editor's document (a markdown-like body is stored as HTML from its first save). */
  const currentBody = () =>
    bodyOf(editor.current ? storedHtml(editor.current.state.doc, editor.current.schema) : content);
  const submitNow = useRef(() => {});
  submitNow.current = () => {
    const next = currentBody();
    const parsed = articleInput.safeParse(next);
    if (!parsed.success) {
      setQueued(false);
      return setErrors(fieldErrors(parsed.error.issues));
    }
    if (uploadsBusy) return setErrors({ content: 'Wait until the images have finished uploading.' });
    setErrors({});
    if (offline()) return setQueued(true);
    setQueued(false);
    onSubmit(next as ArticleInput, {
      onSaved: keeper.saved,
      onError: (err) => {
        if (isNetworkError(err)) setQueued(true);
      },
    });
  };
  function submit(e: FormEvent) {
    e.preventDefault();
    submitNow.current();
  }
  // Offline: the save waits here and goes as soon as the connection is back (issue 31 §4, desktop too).
  useEffect(() => {
    if (!queued) return;
    const retry = () => {
      if (!offline()) submitNow.current();
    };
    window.addEventListener('online', retry);
    const t = setInterval(retry, 10_000);
    return () => {
      window.removeEventListener('online', retry);
      clearInterval(t);
    };
  }, [queued]);

  const recovery = keeper.recovery;
  const line = statusLine(keeper.status, queued);
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {recovery && (
        <div
          role="alert"
          className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
        >
          <p className="font-semibold">
            Unsaved changes from {formatDateTime(recovery.savedAt)} were kept{' '}
            {recovery.where === 'device' ? 'on this device' : 'on the server'}.
          </p>
          {initial && recovery.baseUpdatedAt && recovery.baseUpdatedAt !== initial.updatedAt && (
            <p className="mt-1">
              The article was saved again after them. Restoring puts them in the form; saving then replaces
              that later version.
            </p>
          )}
          <div className="mt-2 flex flex-wrap gap-2">
            <Button onClick={() => restoreDraft(recovery.draft)}>Restore unsaved changes</Button>
            <Button variant="secondary" onClick={keeper.discard}>
              Discard them
            </Button>
          </div>
        </div>
      )}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="min-w-0 space-y-4">
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
                    editor.current?.chain().insertContentAt(0, ratingLineHtml(suggestedRating)).run();
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
          <div>
            <span id={contentLabel} className="mb-1 block text-sm font-medium text-stone-800">
              Content
            </span>
            <RichEditor
              initialHtml={initial?.contentHtml ?? initial?.content ?? ''}
              onChange={setContent}
              labelId={contentLabel}
              describedBy={errors.content ? `${contentLabel}-error` : undefined}
              invalid={Boolean(errors.content)}
              onEditor={onEditor}
              onUploadsBusy={setUploadsBusy}
            />
            {errors.content && (
              <p id={`${contentLabel}-error`} className="mt-1 text-sm text-red-700">
                {errors.content}
              </p>
            )}
            <p role="status" className="mt-1 min-h-5 text-xs text-stone-600">
              {line}
            </p>
          </div>
        </div>
        <WritingAids
          title={title}
          description={description}
          excerpt={excerpt}
          content={content}
          slug={slug.trim() || slugify(title)}
          imageUrl={imageUrl}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Category"
          value={category}
          onChange={(e) => setCategory(e.target.value)}
          error={errors.category}
          options={ARTICLE_CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABELS[c] }))}
        />
        {mayPublish ? (
          <SelectField
            label="Status"
            value={status}
            onChange={(e) => setStatus(e.target.value)}
            options={ARTICLE_STATUSES.map((s) => ({ value: s, label: ARTICLE_STATUS_LABELS[s] }))}
          />
        ) : (
          <p className="self-end text-sm text-stone-700" data-testid="draft-only">
            Saved as a draft. An author or an editor publishes it.
          </p>
        )}
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
      <div>
        <TextField
          label="Slug"
          value={slug}
          placeholder={slugify(title) || 'generated-from-the-title'}
          onChange={(e) => setSlug(e.target.value)}
          error={errors.slug}
        />
        {slugChanged && (
          <div
            role="note"
            className="mt-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
          >
            <p>
              Readers and search engines know this article at <strong>/content/{liveSlug}</strong>. A new slug
              breaks links to that address.
            </p>
            <label className="mt-2 flex items-start gap-2">
              <input
                type="checkbox"
                className="mt-0.5 h-5 w-5 shrink-0 accent-rose-700"
                checked={redirectOld}
                onChange={(e) => setRedirectOld(e.target.checked)}
              />
              <span>Send /content/{liveSlug} to the new address (a permanent 301 redirect)</span>
            </label>
          </div>
        )}
      </div>
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
        <Button type="submit" disabled={pending || uploadsBusy}>
          {!mayPublish ? 'Save Draft' : initial ? 'Update Article' : 'Create Article'}
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            // Leaving on purpose throws the kept draft away too; the question is the usual one.
            if (!onClose) return onCancel();
            if (!confirmLeave(dirty)) return;
            if (dirty) keeper.discard();
            onClose();
          }}
        >
          Cancel
        </Button>
        {initial && (
          <Button variant="secondary" onClick={() => setHistory(true)}>
            History
          </Button>
        )}
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
      {history && initial && (
        <RevisionHistory
          article={initial}
          dirty={dirty}
          onClose={() => setHistory(false)}
          onRestored={(restored) => {
            setHistory(false);
            keeper.saved();
            onRestored?.(restored);
          }}
        />
      )}
    </form>
  );
}
