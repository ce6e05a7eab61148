-- Issue 26: an article's title lives in "title" (the page's one <h1>). Bodies that open with a heading-1
-- repeating it showed the title twice; writers now store them without it (storedBody(), the rule in
-- shared/src/helpers/article-title.ts), and this applies the same rule to the rows already stored:
-- a leading "# heading" line or <h1>…</h1> whose words equal the title's, or hold them, or are held by
-- them. The trigger of 0009 empties the stored HTML of each changed body, so it is rendered again.
WITH heading AS (
  SELECT "id", "title",
    CASE WHEN "content" ~ '^\s*#[ \t]'
      THEN substring("content" from '^\s*#[ \t]+([^\n]*)')
      ELSE substring("content" from '^\s*<[hH]1(?:\s[^>]*)?>((?:[^<]|<(?!/[hH]1>))*)</[hH]1>')
    END AS "h1"
  FROM "articles"
  WHERE "content" ~ '^\s*#[ \t]' OR "content" ~ '^\s*<[hH]1[\s>]'
), words AS (
  SELECT "id",
    btrim(regexp_replace(lower(replace(regexp_replace("h1", '<[^>]*>', ' ', 'g'), '&amp;', '&')), '[^[:alnum:]]+', ' ', 'g')) AS "heading",
    btrim(regexp_replace(lower(replace(regexp_replace("title", '<[^>]*>', ' ', 'g'), '&amp;', '&')), '[^[:alnum:]]+', ' ', 'g')) AS "title"
  FROM heading
)
UPDATE "articles" a SET "content" = CASE WHEN a."content" ~ '^\s*#[ \t]'
    THEN regexp_replace(a."content", '^\s*#[ \t]+[^\n]*(?:\n[ \t]*)*', '')
    ELSE regexp_replace(a."content", '^\s*<[hH]1(?:\s[^>]*)?>(?:[^<]|<(?!/[hH]1>))*</[hH]1>\s*', '')
  END
FROM words w
WHERE a."id" = w."id" AND w."heading" <> '' AND w."title" <> ''
  AND (position(' ' || w."heading" || ' ' in ' ' || w."title" || ' ') > 0
    OR position(' ' || w."title" || ' ' in ' ' || w."heading" || ' ') > 0);--> statement-breakpoint
-- An approved reader story's draft was tagged "reader story" while its origin says "Reader story":
-- the admin showed both. The origin stays; the tag goes.
UPDATE "articles" SET "tags" = coalesce(
    (SELECT jsonb_agg(t) FROM jsonb_array_elements("tags") AS t WHERE t <> '"reader story"'::jsonb),
    '[]'::jsonb)
  WHERE "origin" = 'story' AND "tags" @> '["reader story"]'::jsonb;
--> statement-breakpoint
-- Bodies changed above: the pages stored for them are rendered again (web/stored-pages.ts).
UPDATE "stored_pages" SET "stale" = true;
