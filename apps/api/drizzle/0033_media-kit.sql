CREATE TABLE "media_kit_names" (
	"name_key" text PRIMARY KEY NOT NULL,
	"influencer_id" integer NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_kit_visits" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "media_kit_visits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kit_id" integer NOT NULL,
	"kind" text NOT NULL,
	"visitor_hash" text NOT NULL,
	"visit_hour" timestamp with time zone NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_kit_visits_kind_check" CHECK ("media_kit_visits"."kind" in ('view', 'download')),
	CONSTRAINT "media_kit_visits_visitor_hash_check" CHECK ("media_kit_visits"."visitor_hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "media_kits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "media_kits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"influencer_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"theme" text NOT NULL,
	"language" text NOT NULL,
	"headline" text,
	"cover_file_id" integer,
	"hidden_sections" text[] DEFAULT '{}'::text[] NOT NULL,
	"featured_line_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"is_published" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"render_state" text DEFAULT 'none' NOT NULL,
	"render_error" text,
	"content" jsonb,
	"render_key" text,
	"page_count" integer DEFAULT 0 NOT NULL,
	"rendered_version" integer,
	"rendered_at" timestamp with time zone,
	"views" integer DEFAULT 0 NOT NULL,
	"downloads" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_kits_render_state_check" CHECK ("media_kits"."render_state" in ('none', 'rendering', 'ready', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "content_request_influencers" ADD COLUMN "showcase_allowed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "media_kit_names" ADD CONSTRAINT "media_kit_names_influencer_id_influencers_id_fk" FOREIGN KEY ("influencer_id") REFERENCES "public"."influencers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_kit_visits" ADD CONSTRAINT "media_kit_visits_kit_id_media_kits_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."media_kits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_kits" ADD CONSTRAINT "media_kits_influencer_id_influencers_id_fk" FOREIGN KEY ("influencer_id") REFERENCES "public"."influencers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_kits" ADD CONSTRAINT "media_kits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_kits" ADD CONSTRAINT "media_kits_cover_file_id_files_id_fk" FOREIGN KEY ("cover_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "media_kit_visits_visitor_hour_idx" ON "media_kit_visits" USING btree ("kit_id","kind","visitor_hash","visit_hour");--> statement-breakpoint
CREATE INDEX "media_kit_visits_occurred_idx" ON "media_kit_visits" USING btree ("occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "media_kits_influencer_idx" ON "media_kits" USING btree ("influencer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "media_kits_user_idx" ON "media_kits" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "media_kits_render_key_idx" ON "media_kits" USING btree ("render_key") WHERE "media_kits"."render_key" is not null;