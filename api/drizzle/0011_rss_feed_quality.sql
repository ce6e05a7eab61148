ALTER TABLE "articles" ADD COLUMN "date_unknown" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "rss_runs" ADD COLUMN "ai" jsonb;--> statement-breakpoint
ALTER TABLE "rss_sources" ADD COLUMN "last_warnings" jsonb DEFAULT '[]'::jsonb NOT NULL;