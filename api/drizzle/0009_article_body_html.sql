ALTER TABLE "articles" ADD COLUMN "content_html" text;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "content_html_rev" integer;--> statement-breakpoint
-- A stored rendering never outlives the text it was made from: a write that changes the body
-- without storing its new HTML (any writer, a hand-run UPDATE) empties both, and readers render it.
CREATE FUNCTION "articles_body_html_follows_content"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."content" IS DISTINCT FROM OLD."content"
     AND NEW."content_html" IS NOT DISTINCT FROM OLD."content_html" THEN
    NEW."content_html" := NULL;
    NEW."content_html_rev" := NULL;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "articles_body_html_follows_content" BEFORE UPDATE OF "content" ON "articles"
  FOR EACH ROW EXECUTE FUNCTION "articles_body_html_follows_content"();
