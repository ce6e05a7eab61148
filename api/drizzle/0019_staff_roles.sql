ALTER TABLE "user" ADD COLUMN "role" text;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "created_by" text;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_role_known" CHECK ("user"."role" in ('contributor', 'author', 'editor', 'admin'));--> statement-breakpoint
-- Roles (issue 42): every admin so far keeps everything; everyone else stays a reader (null).
UPDATE "user" SET "role" = 'admin' WHERE "is_admin";
