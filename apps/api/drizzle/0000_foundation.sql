CREATE TABLE "email_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "email_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refresh_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"family_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"replaced_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refresh_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"token" text NOT NULL,
	"owner_user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"visibility" text NOT NULL,
	"file_extension" text NOT NULL,
	"mime_type" text NOT NULL,
	"original_name" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "notification_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notification_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"role" text NOT NULL,
	"module" text NOT NULL,
	"type" text NOT NULL,
	"message_en" text NOT NULL,
	"message_fr" text NOT NULL,
	"message_ar" text NOT NULL,
	"redirection" text NOT NULL,
	"image_kind" text NOT NULL,
	"icon" text NOT NULL,
	"colour" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"notification_hash" text NOT NULL,
	"receiver_user_id" integer NOT NULL,
	"receiver_id" integer NOT NULL,
	"receiver_role" text NOT NULL,
	"sender_user_id" integer,
	"sender_id" integer,
	"sender_role" text,
	"notification_module" text NOT NULL,
	"notification_type" text NOT NULL,
	"module_item_id" integer,
	"collaboration_id" integer,
	"notification_status" text DEFAULT 'Not read' NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "notifications_notification_hash_unique" UNIQUE("notification_hash")
);
--> statement-breakpoint
CREATE TABLE "business_sectors" (
	"business_sector_id" integer PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"label_en" text NOT NULL,
	"label_fr" text NOT NULL,
	"label_ar" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "business_sectors_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"category_id" integer PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"label_en" text NOT NULL,
	"label_fr" text NOT NULL,
	"label_ar" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contact_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"email" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "advertisers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "advertisers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"phone" text,
	"phone_prefix" text,
	"allow_notifications" text DEFAULT 'Y' NOT NULL,
	"allow_emails" text DEFAULT 'Y' NOT NULL,
	"account_validity_from" date,
	"account_validity_to" date,
	"search_count" integer DEFAULT 0 NOT NULL,
	"max_search_count" integer DEFAULT 0 NOT NULL,
	"free_trial_expire_date" date,
	"country" text,
	"cities" text[] DEFAULT '{}'::text[] NOT NULL,
	"website_url" text,
	"business_sector_id" integer,
	"campany_name" text,
	"tax_registration_number" text,
	"domiciliation_address" text,
	"phone_campany" text,
	"phone_campany_prefix" text,
	"notification_preference" text DEFAULT 'allways' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "advertisers_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "influencer_categories" (
	"influencer_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "influencer_categories_influencer_id_category_id_pk" PRIMARY KEY("influencer_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "influencer_stats" (
	"influencer_id" integer NOT NULL,
	"platform" text NOT NULL,
	"followers_count" integer DEFAULT 0 NOT NULL,
	"posts_count" integer DEFAULT 0 NOT NULL,
	"avg_likes" integer DEFAULT 0 NOT NULL,
	"avg_comments" integer DEFAULT 0 NOT NULL,
	"avg_video_views" integer DEFAULT 0 NOT NULL,
	"engagement_rate" numeric(6, 2) DEFAULT '0' NOT NULL,
	"persons_reached" integer DEFAULT 0 NOT NULL,
	"source" text DEFAULT 'declared' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "influencer_stats_influencer_id_platform_pk" PRIMARY KEY("influencer_id","platform")
);
--> statement-breakpoint
CREATE TABLE "influencers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "influencers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"first_name" text,
	"last_name" text,
	"influencer_name" text,
	"ig_username" text,
	"tiktok_username" text,
	"phone" text,
	"phone_prefix" text,
	"is_show_media_kit" boolean DEFAULT false NOT NULL,
	"allow_notifications" text DEFAULT 'Y' NOT NULL,
	"allow_emails" text DEFAULT 'Y' NOT NULL,
	"age_intervale" text,
	"gender" text,
	"country" text,
	"country_of_origin" text,
	"city" text,
	"domiciliation_address" text,
	"cin" text,
	"cin_efile_id" integer,
	"payment_method" text DEFAULT 'bank' NOT NULL,
	"card_number" text,
	"card_number_d17" text,
	"influencer_bio" text,
	"specializations" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "influencers_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "twinkling_flags" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"twinkling_accept_request" boolean DEFAULT false NOT NULL,
	"twinkling_trak_payment" boolean DEFAULT false NOT NULL,
	"twinkling_manage_content" boolean DEFAULT false NOT NULL,
	"twinkling_content_request" boolean DEFAULT false NOT NULL,
	"twinkling_discover_opportunities" boolean DEFAULT false NOT NULL,
	"twinkling_get_paid" boolean DEFAULT false NOT NULL,
	"twinkling_support" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_clicks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_clicks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"influencer_id" integer,
	"role" text NOT NULL,
	"module" text NOT NULL,
	"module_id" text,
	"click" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"is_validated" boolean DEFAULT false NOT NULL,
	"is_legacy" boolean DEFAULT false NOT NULL,
	"profile_efile_id" integer,
	"language" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_receiver_user_id_users_id_fk" FOREIGN KEY ("receiver_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_sender_user_id_users_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advertisers" ADD CONSTRAINT "advertisers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "influencer_categories" ADD CONSTRAINT "influencer_categories_influencer_id_influencers_id_fk" FOREIGN KEY ("influencer_id") REFERENCES "public"."influencers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "influencer_categories" ADD CONSTRAINT "influencer_categories_category_id_categories_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("category_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "influencer_stats" ADD CONSTRAINT "influencer_stats_influencer_id_influencers_id_fk" FOREIGN KEY ("influencer_id") REFERENCES "public"."influencers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "influencers" ADD CONSTRAINT "influencers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "influencers" ADD CONSTRAINT "influencers_cin_efile_id_files_id_fk" FOREIGN KEY ("cin_efile_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "twinkling_flags" ADD CONSTRAINT "twinkling_flags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_clicks" ADD CONSTRAINT "user_clicks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_profile_efile_id_files_id_fk" FOREIGN KEY ("profile_efile_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_tokens_user_idx" ON "email_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "files_owner_idx" ON "files" USING btree ("owner_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_templates_key_idx" ON "notification_templates" USING btree ("role","module","type");--> statement-breakpoint
CREATE INDEX "notifications_receiver_page_idx" ON "notifications" USING btree ("receiver_user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "influencer_categories_category_idx" ON "influencer_categories" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "influencer_stats_platform_followers_idx" ON "influencer_stats" USING btree ("platform","followers_count");--> statement-breakpoint
CREATE INDEX "influencers_country_city_idx" ON "influencers" USING btree ("country","city");--> statement-breakpoint
CREATE INDEX "influencers_gender_age_idx" ON "influencers" USING btree ("gender","age_intervale");--> statement-breakpoint
CREATE INDEX "user_clicks_user_idx" ON "user_clicks" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));