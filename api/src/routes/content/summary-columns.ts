import { getTableColumns } from 'drizzle-orm';
import { articles } from '../../db/schema';

const {
  content: _body,
  status: _status,
  externalKey: _key,
  origin: _origin,
  contentHtml: _html,
  contentHtmlRev: _rev,
  // An AI review's rating waits for an editor's word; readers never see it (issue 26's route check).
  suggestedRating: _rating,
  // Which staff account wrote it (issue 42's ownership): a user id is no reader's business.
  createdBy: _createdBy,
  ...summary
} = getTableColumns(articles);

/** What a public list, search or related read returns of an article: no body, no editor-only fields. */
export const summaryColumns = summary;
