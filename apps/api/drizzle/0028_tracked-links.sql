CREATE TABLE "tracked_link_clicks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tracked_link_clicks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"link_id" integer NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"visit_hour" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"visitor_hash" text NOT NULL,
	"country" text,
	"referrer_domain" text,
	"device_class" text NOT NULL,
	CONSTRAINT "tracked_link_clicks_kind" CHECK ("tracked_link_clicks"."kind" in ('person', 'preview')),
	CONSTRAINT "tracked_link_clicks_visitor_hash" CHECK ("tracked_link_clicks"."visitor_hash" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "tracked_link_clicks_device_class" CHECK ("tracked_link_clicks"."device_class" in ('mobile', 'tablet', 'desktop', 'other'))
);
--> statement-breakpoint
CREATE TABLE "tracked_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tracked_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"line_id" integer NOT NULL,
	"platform" text NOT NULL,
	"code" text NOT NULL,
	"target_url" text NOT NULL,
	"utm_source" text NOT NULL,
	"utm_medium" text NOT NULL,
	"utm_campaign" text NOT NULL,
	"utm_content" text NOT NULL,
	"utm_term" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracked_links_code_unique" UNIQUE("code"),
	CONSTRAINT "tracked_links_line_platform_unique" UNIQUE("line_id","platform"),
	CONSTRAINT "tracked_links_code_format" CHECK ("tracked_links"."code" ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
	CONSTRAINT "tracked_links_platform" CHECK ("tracked_links"."platform" in ('instagram', 'tiktok'))
);
--> statement-breakpoint
ALTER TABLE "tracked_link_clicks" ADD CONSTRAINT "tracked_link_clicks_link_id_tracked_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."tracked_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracked_links" ADD CONSTRAINT "tracked_links_line_id_content_request_influencers_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."content_request_influencers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tracked_link_clicks_person_hour_unique" ON "tracked_link_clicks" USING btree ("link_id","visitor_hash","visit_hour") WHERE "tracked_link_clicks"."kind" = 'person';--> statement-breakpoint
CREATE INDEX "tracked_link_clicks_link_idx" ON "tracked_link_clicks" USING btree ("link_id","kind","occurred_at");