CREATE TABLE "creator_search" (
	"influencer_id" integer NOT NULL,
	"platform" text NOT NULL,
	"followers_count" integer DEFAULT 0 NOT NULL,
	"posts_count" integer DEFAULT 0 NOT NULL,
	"avg_likes" integer DEFAULT 0 NOT NULL,
	"avg_comments" integer DEFAULT 0 NOT NULL,
	"avg_video_views" integer DEFAULT 0 NOT NULL,
	"engagement_rate" numeric(6, 2) DEFAULT '0' NOT NULL,
	"persons_reached" integer DEFAULT 0 NOT NULL,
	"stats_source" text,
	"stats_updated_at" timestamp with time zone,
	"gender" text,
	"age_intervale" text,
	"country" text,
	"country_of_origin" text,
	"city" text,
	"category_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	CONSTRAINT "creator_search_influencer_id_platform_pk" PRIMARY KEY("influencer_id","platform")
);
--> statement-breakpoint
CREATE TABLE "favorites" (
	"advertiser_id" integer NOT NULL,
	"influencer_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorites_advertiser_id_influencer_id_pk" PRIMARY KEY("advertiser_id","influencer_id")
);
--> statement-breakpoint
CREATE TABLE "search_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "search_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"advertiser_id" integer NOT NULL,
	"filters" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "short_list_influencers" (
	"short_list_id" integer NOT NULL,
	"influencer_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "short_list_influencers_short_list_id_influencer_id_pk" PRIMARY KEY("short_list_id","influencer_id")
);
--> statement-breakpoint
CREATE TABLE "short_lists" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "short_lists_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"advertiser_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "creator_search" ADD CONSTRAINT "creator_search_influencer_id_influencers_id_fk" FOREIGN KEY ("influencer_id") REFERENCES "public"."influencers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_advertiser_id_advertisers_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."advertisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_influencer_id_influencers_id_fk" FOREIGN KEY ("influencer_id") REFERENCES "public"."influencers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_history" ADD CONSTRAINT "search_history_advertiser_id_advertisers_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."advertisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "short_list_influencers" ADD CONSTRAINT "short_list_influencers_short_list_id_short_lists_id_fk" FOREIGN KEY ("short_list_id") REFERENCES "public"."short_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "short_list_influencers" ADD CONSTRAINT "short_list_influencers_influencer_id_influencers_id_fk" FOREIGN KEY ("influencer_id") REFERENCES "public"."influencers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "short_lists" ADD CONSTRAINT "short_lists_advertiser_id_advertisers_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."advertisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "creator_search_followers_idx" ON "creator_search" USING btree ("platform","followers_count" DESC NULLS LAST,"influencer_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "creator_search_views_idx" ON "creator_search" USING btree ("platform","avg_video_views" DESC NULLS LAST,"influencer_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "creator_search_engagement_idx" ON "creator_search" USING btree ("platform","engagement_rate" DESC NULLS LAST,"influencer_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "creator_search_place_idx" ON "creator_search" USING btree ("platform","country","city");--> statement-breakpoint
CREATE INDEX "creator_search_gender_age_idx" ON "creator_search" USING btree ("platform","gender","age_intervale");--> statement-breakpoint
CREATE INDEX "creator_search_origin_idx" ON "creator_search" USING btree ("platform","country_of_origin");--> statement-breakpoint
CREATE INDEX "creator_search_reached_idx" ON "creator_search" USING btree ("platform","persons_reached");--> statement-breakpoint
CREATE INDEX "creator_search_categories_idx" ON "creator_search" USING gin ("category_ids");--> statement-breakpoint
CREATE INDEX "favorites_advertiser_recent_idx" ON "favorites" USING btree ("advertiser_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "favorites_influencer_idx" ON "favorites" USING btree ("influencer_id");--> statement-breakpoint
CREATE INDEX "search_history_advertiser_idx" ON "search_history" USING btree ("advertiser_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "short_list_influencers_recent_idx" ON "short_list_influencers" USING btree ("short_list_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "short_list_influencers_influencer_idx" ON "short_list_influencers" USING btree ("influencer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "short_lists_advertiser_name_idx" ON "short_lists" USING btree ("advertiser_id",lower("name"));