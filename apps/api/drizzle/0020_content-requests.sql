CREATE TABLE "content_request_influencers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_request_influencers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"content_request_id" integer NOT NULL,
	"influencer_id" integer NOT NULL,
	"influencer_user_id" integer NOT NULL,
	"advertiser_user_id" integer NOT NULL,
	"price" bigint NOT NULL,
	"state" text DEFAULT 'sent' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"entered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reason" text,
	"hold_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_request_influencers_request_influencer_unique" UNIQUE("content_request_id","influencer_id"),
	CONSTRAINT "content_request_influencers_price_not_negative" CHECK ("content_request_influencers"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "content_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"advertiser_user_id" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"content_type" text,
	"video_duration" integer,
	"format" text,
	"product_name" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"platforms" text[] DEFAULT '{}'::text[] NOT NULL,
	"product_image_file_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"delivery_date" date,
	"delivery_slot" text,
	"delivery_deadline" timestamp with time zone,
	"publishing_deadline" date,
	"script" text DEFAULT '' NOT NULL,
	"influencer_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"payment_id" integer,
	"promo_code" text,
	"priced_order" jsonb,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_request_influencers" ADD CONSTRAINT "content_request_influencers_content_request_id_content_requests_id_fk" FOREIGN KEY ("content_request_id") REFERENCES "public"."content_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_request_influencers" ADD CONSTRAINT "content_request_influencers_influencer_user_id_users_id_fk" FOREIGN KEY ("influencer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_request_influencers" ADD CONSTRAINT "content_request_influencers_advertiser_user_id_users_id_fk" FOREIGN KEY ("advertiser_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_requests" ADD CONSTRAINT "content_requests_advertiser_user_id_users_id_fk" FOREIGN KEY ("advertiser_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_request_influencers_creator_idx" ON "content_request_influencers" USING btree ("influencer_user_id","id");--> statement-breakpoint
CREATE INDEX "content_request_influencers_creator_state_idx" ON "content_request_influencers" USING btree ("influencer_user_id","state","id");--> statement-breakpoint
CREATE INDEX "content_request_influencers_advertiser_idx" ON "content_request_influencers" USING btree ("advertiser_user_id","state","content_request_id");--> statement-breakpoint
CREATE INDEX "content_requests_advertiser_idx" ON "content_requests" USING btree ("advertiser_user_id","status","id");