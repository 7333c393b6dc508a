CREATE TABLE "metric_publications" (
	"link_id" integer PRIMARY KEY NOT NULL,
	"line_id" integer NOT NULL,
	"platform" text NOT NULL,
	"creator_user_id" integer NOT NULL,
	"url" text NOT NULL,
	"approved_at" timestamp with time zone NOT NULL,
	"external_media_id" text,
	"post_state" text DEFAULT 'live' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "metric_snapshots" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "metric_snapshots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"link_id" integer NOT NULL,
	"line_id" integer NOT NULL,
	"platform" text NOT NULL,
	"window" text NOT NULL,
	"source" text NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	"views" bigint,
	"reach" bigint,
	"likes" bigint,
	"comments" bigint,
	"shares" bigint,
	"saves" bigint,
	"watch_time_ms" bigint,
	"post_deleted" boolean DEFAULT false NOT NULL,
	"submission_id" integer,
	CONSTRAINT "metric_snapshots_link_window_key" UNIQUE("link_id","window")
);
--> statement-breakpoint
CREATE TABLE "metric_submissions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "metric_submissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"link_id" integer NOT NULL,
	"line_id" integer NOT NULL,
	"creator_user_id" integer NOT NULL,
	"platform" text NOT NULL,
	"url" text NOT NULL,
	"window" text NOT NULL,
	"views" bigint NOT NULL,
	"reach" bigint,
	"likes" bigint NOT NULL,
	"comments" bigint NOT NULL,
	"shares" bigint NOT NULL,
	"saves" bigint,
	"watch_time_ms" bigint,
	"screenshot_file_id" integer NOT NULL,
	"state" text DEFAULT 'submitted' NOT NULL,
	"reason" text,
	"reviewed_by_user_id" integer,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "social_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"platform" text NOT NULL,
	"external_account_id" text NOT NULL,
	"username" text NOT NULL,
	"access_token_encrypted" text NOT NULL,
	"refresh_token_encrypted" text,
	"access_token_expires_at" timestamp with time zone NOT NULL,
	"refresh_token_expires_at" timestamp with time zone,
	"status" text DEFAULT 'connected' NOT NULL,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "social_accounts_user_platform_key" UNIQUE("user_id","platform")
);
--> statement-breakpoint
CREATE TABLE "social_sandbox_posts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "social_sandbox_posts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"platform" text NOT NULL,
	"account_id" text NOT NULL,
	"post_key" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "social_sandbox_posts_post_key" UNIQUE("platform","post_key")
);
--> statement-breakpoint
ALTER TABLE "metric_publications" ADD CONSTRAINT "metric_publications_link_id_content_request_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."content_request_links"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metric_publications" ADD CONSTRAINT "metric_publications_creator_user_id_users_id_fk" FOREIGN KEY ("creator_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metric_snapshots" ADD CONSTRAINT "metric_snapshots_link_id_content_request_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."content_request_links"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metric_submissions" ADD CONSTRAINT "metric_submissions_link_id_content_request_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."content_request_links"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metric_submissions" ADD CONSTRAINT "metric_submissions_creator_user_id_users_id_fk" FOREIGN KEY ("creator_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metric_submissions" ADD CONSTRAINT "metric_submissions_screenshot_file_id_files_id_fk" FOREIGN KEY ("screenshot_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metric_submissions" ADD CONSTRAINT "metric_submissions_reviewed_by_user_id_users_id_fk" FOREIGN KEY ("reviewed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_accounts" ADD CONSTRAINT "social_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "metric_publications_line_idx" ON "metric_publications" USING btree ("line_id");--> statement-breakpoint
CREATE INDEX "metric_publications_recent_idx" ON "metric_publications" USING btree ("post_state","approved_at");--> statement-breakpoint
CREATE INDEX "metric_snapshots_line_idx" ON "metric_snapshots" USING btree ("line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "metric_submissions_waiting_key" ON "metric_submissions" USING btree ("link_id","window") WHERE "metric_submissions"."state" = 'submitted';--> statement-breakpoint
CREATE INDEX "metric_submissions_state_idx" ON "metric_submissions" USING btree ("state","id");--> statement-breakpoint
CREATE INDEX "metric_submissions_line_idx" ON "metric_submissions" USING btree ("line_id");--> statement-breakpoint
CREATE INDEX "social_accounts_expiry_idx" ON "social_accounts" USING btree ("status","access_token_expires_at");