import sanitizeHtml from 'sanitize-html';
import type { AiComparisonAnswer } from '@site/shared';

// Model output is untrusted text: keep only the article markup the site renders.
const ALLOWED_TAGS = ['p', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'strong', 'em', 'b', 'i', 'blockquote', 'br'];

export function cleanArticleHtml(html: string): string {
  return sanitizeHtml(html, { allowedTags: ALLOWED_TAGS, allowedAttributes: {} }).trim();
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The comparison table is built here from structured data, so it is always well formed. */
export function comparisonTableHtml(table: AiComparisonAnswer['table']): string {
  const head = ['Product', ...table.criteria].map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join('');
  const body = table.rows
    .map((r) => {
      const cells = table.criteria.map((_, i) => `<td>${escapeHtml(r.values[i] ?? '—')}</td>`).join('');
      return `<tr><th scope="row">${escapeHtml(r.product)}</th>${cells}</tr>`;
    })
    .join('\n');
  return `<table>\n<thead><tr>${head}</tr></thead>\n<tbody>\n${body}\n</tbody>\n</table>`;
}

/** Ratings are kept to half stars (spec §9). */
export const roundRating = (r: number) => Math.min(5, Math.max(1, Math.round(r * 2) / 2));
