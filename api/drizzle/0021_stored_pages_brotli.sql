ALTER TABLE "stored_pages" ALTER COLUMN "gzip" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "stored_pages" ADD COLUMN "br" "bytea";