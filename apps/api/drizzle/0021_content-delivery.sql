CREATE TABLE "content_request_feedback" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_request_feedback_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"line_id" integer NOT NULL,
	"decision" text NOT NULL,
	"reasons" text[] DEFAULT '{}'::text[] NOT NULL,
	"rating" integer,
	"comment" text,
	"video_version" integer,
	"author_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_request_feedback_rating_range" CHECK ("content_request_feedback"."rating" IS NULL OR "content_request_feedback"."rating" BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE TABLE "content_request_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_request_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"line_id" integer NOT NULL,
	"platform" text NOT NULL,
	"url" text NOT NULL,
	"state" text DEFAULT 'submitted' NOT NULL,
	"reason" text,
	"reviewed_by_user_id" integer,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_videos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_videos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"line_id" integer NOT NULL,
	"creator_user_id" integer NOT NULL,
	"version" integer NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"failure_reason" text,
	"upload_id" text NOT NULL,
	"original_key" text NOT NULL,
	"original_name" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"probe" jsonb,
	"duration_seconds" real,
	"width" integer,
	"height" integer,
	"poster_key" text,
	"preview_key" text,
	"consent_at" timestamp with time zone NOT NULL,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_videos_upload_id_unique" UNIQUE("upload_id"),
	CONSTRAINT "content_videos_line_version_unique" UNIQUE("line_id","version"),
	CONSTRAINT "content_videos_size_positive" CHECK ("content_videos"."size_bytes" > 0)
);
--> statement-breakpoint
CREATE TABLE "payout_batches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payout_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_by_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"creator_user_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"source" jsonb,
	"source_key" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"batch_id" integer,
	"reference" text,
	"paid_at" timestamp with time zone,
	"paid_by_user_id" integer,
	"ledger_transaction_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_source_key_unique" UNIQUE("source_key"),
	CONSTRAINT "payouts_amount_positive" CHECK ("payouts"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "content_request_influencers" ADD COLUMN "payment_id" integer;--> statement-breakpoint
ALTER TABLE "content_request_influencers" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "content_request_feedback" ADD CONSTRAINT "content_request_feedback_line_id_content_request_influencers_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."content_request_influencers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_request_feedback" ADD CONSTRAINT "content_request_feedback_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_request_links" ADD CONSTRAINT "content_request_links_line_id_content_request_influencers_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."content_request_influencers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_request_links" ADD CONSTRAINT "content_request_links_reviewed_by_user_id_users_id_fk" FOREIGN KEY ("reviewed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_videos" ADD CONSTRAINT "content_videos_line_id_content_request_influencers_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."content_request_influencers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_videos" ADD CONSTRAINT "content_videos_creator_user_id_users_id_fk" FOREIGN KEY ("creator_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_creator_user_id_users_id_fk" FOREIGN KEY ("creator_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_batch_id_payout_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payout_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_paid_by_user_id_users_id_fk" FOREIGN KEY ("paid_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_request_feedback_line_idx" ON "content_request_feedback" USING btree ("line_id","id");--> statement-breakpoint
CREATE INDEX "content_request_links_line_idx" ON "content_request_links" USING btree ("line_id","id");--> statement-breakpoint
CREATE INDEX "content_request_links_state_idx" ON "content_request_links" USING btree ("state","id");--> statement-breakpoint
CREATE INDEX "content_videos_line_idx" ON "content_videos" USING btree ("line_id","id");--> statement-breakpoint
CREATE INDEX "payouts_creator_idx" ON "payouts" USING btree ("creator_user_id","id");--> statement-breakpoint
CREATE INDEX "payouts_status_due_idx" ON "payouts" USING btree ("status","due_at","id");