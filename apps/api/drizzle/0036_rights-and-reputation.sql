CREATE TABLE "content_revision_notes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_revision_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"line_id" integer NOT NULL,
	"feedback_id" integer NOT NULL,
	"video_version" integer NOT NULL,
	"time_ms" integer NOT NULL,
	"note" text NOT NULL,
	"region" jsonb,
	"addressed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_revision_notes_time_not_negative" CHECK ("content_revision_notes"."time_ms" >= 0)
);
--> statement-breakpoint
CREATE TABLE "invoice_submissions" (
	"invoice_id" integer PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"reference" text,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"submitted_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "creator_licence_rates" (
	"influencer_id" integer PRIMARY KEY NOT NULL,
	"rates" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "line_licences" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "line_licences_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"line_id" integer NOT NULL,
	"term" integer NOT NULL,
	"channels" text[] DEFAULT '{}'::text[] NOT NULL,
	"duration" text NOT NULL,
	"territory" text NOT NULL,
	"exclusivity_days" integer DEFAULT 0 NOT NULL,
	"exclusivity_category_id" integer,
	"base_price" bigint NOT NULL,
	"add_on_price" bigint NOT NULL,
	"rates" jsonb NOT NULL,
	"starts_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"spark_code" text,
	"spark_code_expires_at" timestamp with time zone,
	"reminded_at_14_days" timestamp with time zone,
	"reminded_at_3_days" timestamp with time zone,
	"expired_at" timestamp with time zone,
	"ledger_transaction_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "line_licences_line_term_unique" UNIQUE("line_id","term"),
	CONSTRAINT "line_licences_prices_not_negative" CHECK ("line_licences"."base_price" >= 0 and "line_licences"."add_on_price" >= 0),
	CONSTRAINT "line_licences_exclusivity_days" CHECK ("line_licences"."exclusivity_days" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"line_id" integer NOT NULL,
	"author_user_id" integer NOT NULL,
	"author_role" text NOT NULL,
	"subject_user_id" integer NOT NULL,
	"rating" integer NOT NULL,
	"criteria" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"reasons" text[] DEFAULT '{}'::text[] NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"visible_from" timestamp with time zone NOT NULL,
	"reply" text,
	"replied_at" timestamp with time zone,
	"contest_reason" text,
	"contested_at" timestamp with time zone,
	"contest_state" text,
	"contest_decided_by_user_id" integer,
	"contest_decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_line_author_role_unique" UNIQUE("line_id","author_role"),
	CONSTRAINT "reviews_rating_range" CHECK ("reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "content_requests" ADD COLUMN "licence" jsonb;--> statement-breakpoint
ALTER TABLE "content_opportunities" ADD COLUMN "licence" jsonb;--> statement-breakpoint
ALTER TABLE "content_revision_notes" ADD CONSTRAINT "content_revision_notes_line_id_content_request_influencers_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."content_request_influencers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_revision_notes" ADD CONSTRAINT "content_revision_notes_feedback_id_content_request_feedback_id_fk" FOREIGN KEY ("feedback_id") REFERENCES "public"."content_request_feedback"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_submissions" ADD CONSTRAINT "invoice_submissions_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_licence_rates" ADD CONSTRAINT "creator_licence_rates_influencer_id_influencers_id_fk" FOREIGN KEY ("influencer_id") REFERENCES "public"."influencers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_licences" ADD CONSTRAINT "line_licences_line_id_content_request_influencers_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."content_request_influencers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_line_id_content_request_influencers_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."content_request_influencers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_subject_user_id_users_id_fk" FOREIGN KEY ("subject_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_contest_decided_by_user_id_users_id_fk" FOREIGN KEY ("contest_decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_revision_notes_line_idx" ON "content_revision_notes" USING btree ("line_id","id");--> statement-breakpoint
CREATE INDEX "line_licences_running_idx" ON "line_licences" USING btree ("expires_at") WHERE "line_licences"."expires_at" is not null and "line_licences"."expired_at" is null;--> statement-breakpoint
CREATE INDEX "reviews_subject_idx" ON "reviews" USING btree ("subject_user_id","id");--> statement-breakpoint
CREATE INDEX "reviews_contested_idx" ON "reviews" USING btree ("contested_at") WHERE "reviews"."contest_state" = 'open';