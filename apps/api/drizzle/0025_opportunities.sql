CREATE TABLE "content_opportunities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_opportunities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"advertiser_user_id" integer NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"entered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reason" text,
	"title" text DEFAULT '' NOT NULL,
	"content_type" text,
	"video_duration" integer,
	"format" text,
	"platforms" text[] DEFAULT '{}'::text[] NOT NULL,
	"creator_platforms" text[] DEFAULT '{}'::text[] NOT NULL,
	"category_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"country" text,
	"cities" text[] DEFAULT '{}'::text[] NOT NULL,
	"size_bands" text[] DEFAULT '{}'::text[] NOT NULL,
	"spots" integer,
	"spots_taken" integer DEFAULT 0 NOT NULL,
	"price_min" bigint,
	"price_max" bigint,
	"application_deadline" date,
	"delivery_date" date,
	"delivery_slot" text,
	"delivery_deadline" timestamp with time zone,
	"publishing_deadline" date,
	"product_image_file_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"attachment_file_id" integer,
	"screening_questions" text[] DEFAULT '{}'::text[] NOT NULL,
	"visibility" text DEFAULT 'public' NOT NULL,
	"brief" text DEFAULT '' NOT NULL,
	"checklist" text[] DEFAULT '{}'::text[] NOT NULL,
	"payment_id" integer,
	"promo_code" text,
	"priced_order" jsonb,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_opportunities_price_band" CHECK ("content_opportunities"."price_min" is null or "content_opportunities"."price_max" is null or "content_opportunities"."price_min" <= "content_opportunities"."price_max"),
	CONSTRAINT "content_opportunities_spots_positive" CHECK ("content_opportunities"."spots" is null or "content_opportunities"."spots" >= 1),
	CONSTRAINT "content_opportunities_spots_taken" CHECK ("content_opportunities"."spots_taken" >= 0 and ("content_opportunities"."spots" is null or "content_opportunities"."spots_taken" <= "content_opportunities"."spots"))
);
--> statement-breakpoint
CREATE TABLE "content_opportunity_applications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_opportunity_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"content_opportunity_id" integer NOT NULL,
	"influencer_id" integer NOT NULL,
	"influencer_user_id" integer NOT NULL,
	"advertiser_user_id" integer NOT NULL,
	"state" text DEFAULT 'submitted' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"entered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reason" text,
	"price" bigint NOT NULL,
	"pitch" text NOT NULL,
	"sample_line_id" integer,
	"answers" text[] DEFAULT '{}'::text[] NOT NULL,
	"debrief_count" integer DEFAULT 0 NOT NULL,
	"line_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_opportunity_applications_creator_unique" UNIQUE("content_opportunity_id","influencer_id"),
	CONSTRAINT "content_opportunity_applications_price_not_negative" CHECK ("content_opportunity_applications"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "content_opportunity_interests" (
	"content_opportunity_id" integer NOT NULL,
	"influencer_id" integer NOT NULL,
	"influencer_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_opportunity_interests_content_opportunity_id_influencer_id_pk" PRIMARY KEY("content_opportunity_id","influencer_id")
);
--> statement-breakpoint
CREATE TABLE "content_opportunity_invitations" (
	"content_opportunity_id" integer NOT NULL,
	"influencer_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_opportunity_invitations_content_opportunity_id_influencer_id_pk" PRIMARY KEY("content_opportunity_id","influencer_id")
);
--> statement-breakpoint
ALTER TABLE "content_opportunities" ADD CONSTRAINT "content_opportunities_advertiser_user_id_users_id_fk" FOREIGN KEY ("advertiser_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_opportunity_applications" ADD CONSTRAINT "content_opportunity_applications_content_opportunity_id_content_opportunities_id_fk" FOREIGN KEY ("content_opportunity_id") REFERENCES "public"."content_opportunities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_opportunity_applications" ADD CONSTRAINT "content_opportunity_applications_influencer_user_id_users_id_fk" FOREIGN KEY ("influencer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_opportunity_applications" ADD CONSTRAINT "content_opportunity_applications_advertiser_user_id_users_id_fk" FOREIGN KEY ("advertiser_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_opportunity_interests" ADD CONSTRAINT "content_opportunity_interests_content_opportunity_id_content_opportunities_id_fk" FOREIGN KEY ("content_opportunity_id") REFERENCES "public"."content_opportunities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_opportunity_interests" ADD CONSTRAINT "content_opportunity_interests_influencer_user_id_users_id_fk" FOREIGN KEY ("influencer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_opportunity_invitations" ADD CONSTRAINT "content_opportunity_invitations_content_opportunity_id_content_opportunities_id_fk" FOREIGN KEY ("content_opportunity_id") REFERENCES "public"."content_opportunities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_opportunities_advertiser_idx" ON "content_opportunities" USING btree ("advertiser_user_id","state","id");--> statement-breakpoint
CREATE INDEX "content_opportunities_live_newest_idx" ON "content_opportunities" USING btree ("id") WHERE "content_opportunities"."state" = 'live';--> statement-breakpoint
CREATE INDEX "content_opportunities_live_price_idx" ON "content_opportunities" USING btree ("price_max","id") WHERE "content_opportunities"."state" = 'live';--> statement-breakpoint
CREATE INDEX "content_opportunity_applications_opportunity_idx" ON "content_opportunity_applications" USING btree ("content_opportunity_id","state","id");--> statement-breakpoint
CREATE INDEX "content_opportunity_applications_creator_idx" ON "content_opportunity_applications" USING btree ("influencer_user_id","id");--> statement-breakpoint
CREATE INDEX "content_opportunity_interests_creator_idx" ON "content_opportunity_interests" USING btree ("influencer_user_id");--> statement-breakpoint
CREATE INDEX "content_opportunity_invitations_influencer_idx" ON "content_opportunity_invitations" USING btree ("influencer_id");