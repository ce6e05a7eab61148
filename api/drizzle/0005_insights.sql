CREATE TABLE "article_read_days" (
	"article_id" integer NOT NULL,
	"day" date NOT NULL,
	"reads" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "article_read_days_article_id_day_pk" PRIMARY KEY("article_id","day")
);
--> statement-breakpoint
CREATE TABLE "click_days_by_page" (
	"day" date NOT NULL,
	"referrer_path" text DEFAULT '' NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "click_days_by_page_day_referrer_path_pk" PRIMARY KEY("day","referrer_path")
);
--> statement-breakpoint
CREATE TABLE "click_days_by_product" (
	"day" date NOT NULL,
	"product_id" integer NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "click_days_by_product_day_product_id_pk" PRIMARY KEY("day","product_id")
);
--> statement-breakpoint
CREATE TABLE "click_days_by_product_page" (
	"product_id" integer NOT NULL,
	"day" date NOT NULL,
	"referrer_path" text DEFAULT '' NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "click_days_by_product_page_product_id_day_referrer_path_pk" PRIMARY KEY("product_id","day","referrer_path")
);
--> statement-breakpoint
CREATE TABLE "product_link_checks" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"url" text,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer,
	"final_url" text,
	"duration_ms" integer,
	"error" text,
	"broken" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "article_read_days" ADD CONSTRAINT "article_read_days_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "click_days_by_product" ADD CONSTRAINT "click_days_by_product_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "click_days_by_product_page" ADD CONSTRAINT "click_days_by_product_page_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_link_checks" ADD CONSTRAINT "product_link_checks_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_read_days_day_idx" ON "article_read_days" USING btree ("day","article_id","reads");--> statement-breakpoint
CREATE INDEX "click_days_by_product_product_idx" ON "click_days_by_product" USING btree ("product_id","day");--> statement-breakpoint
CREATE INDEX "product_link_checks_broken_idx" ON "product_link_checks" USING btree ("broken");--> statement-breakpoint
CREATE INDEX "affiliate_clicks_created_idx" ON "affiliate_clicks" USING btree ("created_at","id");--> statement-breakpoint
-- Roll up the clicks recorded before this migration (days in Europe/London).
INSERT INTO "click_days_by_product" ("day", "product_id", "clicks")
SELECT ("created_at" AT TIME ZONE 'Europe/London')::date, "product_id", count(*)::int
FROM "affiliate_clicks" GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO "click_days_by_page" ("day", "referrer_path", "clicks")
SELECT ("created_at" AT TIME ZONE 'Europe/London')::date, coalesce("referrer_path", ''), count(*)::int
FROM "affiliate_clicks" GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO "click_days_by_product_page" ("product_id", "day", "referrer_path", "clicks")
SELECT "product_id", ("created_at" AT TIME ZONE 'Europe/London')::date, coalesce("referrer_path", ''), count(*)::int
FROM "affiliate_clicks" GROUP BY 1, 2, 3;
