CREATE TABLE "page_builds" (
	"build" text PRIMARY KEY NOT NULL,
	"first_seen" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_invalidations" (
	"key" text PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_pages" (
	"path" text PRIMARY KEY NOT NULL,
	"article_id" integer NOT NULL,
	"build" text NOT NULL,
	"keys" text[] NOT NULL,
	"stale" boolean DEFAULT false NOT NULL,
	"gzip" "bytea" NOT NULL,
	"rendered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stored_pages" ADD CONSTRAINT "stored_pages_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stored_pages_keys_idx" ON "stored_pages" USING gin ("keys");--> statement-breakpoint
CREATE INDEX "stored_pages_article_idx" ON "stored_pages" USING btree ("article_id");--> statement-breakpoint
CREATE INDEX "stored_pages_pending_idx" ON "stored_pages" USING btree ("build") WHERE not "stored_pages"."stale";