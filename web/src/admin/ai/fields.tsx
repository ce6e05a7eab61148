import { AI_CATEGORIES, type AiCategory } from '@site/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { draftEditPath } from '../api';

export const AI_CATEGORY_LABELS: Record<AiCategory, string> = {
  skincare: 'Skincare',
  makeup: 'Makeup',
  wellness: 'Wellness',
  'home-decor': 'Home Decor',
  fashion: 'Fashion',
  fitness: 'Fitness',
};

export const inputClass =
  'mt-1 w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-sm focus:border-rose-500 focus:outline-none focus:ring-2 focus:ring-rose-200';
export const buttonClass =
  'inline-flex items-center justify-center rounded-md bg-rose-600 px-4 py-2 text-sm font-semibold text-white hover:bg-rose-700 disabled:cursor-not-allowed disabled:opacity-60';

export function Card({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <section className="rounded-lg border border-stone-200 bg-white p-6 shadow-sm">
      {/* The tab has no list heading: each card is a section straight under the page's h1 (axe heading-order). */}
      <h2 className="font-serif text-xl font-semibold">{title}</h2>
      {description && <p className="mt-1 text-sm text-stone-600">{description}</p>}
      <div className="mt-4 space-y-4">{children}</div>
    </section>
  );
}

export function Field({
  label,
  htmlFor,
  hint,
  children,
}: {
  label: string;
  htmlFor: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={htmlFor} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      {children}
      {hint && <p className="mt-1 text-xs text-stone-500">{hint}</p>}
    </div>
  );
}

export function CategorySelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <select id={id} className={inputClass} value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">Select a category</option>
      {AI_CATEGORIES.map((c) => (
        <option key={c} value={c}>
          {AI_CATEGORY_LABELS[c]}
        </option>
      ))}
    </select>
  );
}

export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="text-sm text-red-700">
      {message}
    </p>
  );
}

/** "Saved as a draft" with a link to the article editor (web and desktop both mount the admin in a router). */
export function DraftLink({ article }: { article: { id: number; title: string } }) {
  return (
    <p className="rounded-md bg-emerald-50 p-3 text-sm text-emerald-900">
      Saved as a draft for review.{' '}
      <Link className="font-semibold underline" to={draftEditPath(article.id)}>
        Edit draft: {article.title}
      </Link>
    </p>
  );
}
