import { adminKeys } from '../../query-keys';

const articles = adminKeys.articles.all[0];

/**
 * The article editor's reads (issue 31), built on the Articles prefix of `adminKeys`, so an article
 * write (`invalidateChanged(qc, 'articles')`) refreshes them too. Kept beside the editor rather than in
 * query-keys.ts, which the public pages' entry bundle loads (for the preview route): the public
 * JavaScript does not grow with the editor.
 */
export const articleEditorKeys = {
  /** An article's revisions, newest first, and one revision with its body. */
  revisions: (id: number) => [`${articles}/${id}/revisions`] as const,
  revision: (id: number, revisionId: number) => [`${articles}/${id}/revisions/${revisionId}`] as const,
  /** The signed-in editor's autosave of an article, or of the new-article form ("new"). */
  autosave: (slot: number | 'new') => [`${articles}/${slot}/autosave`] as const,
};
