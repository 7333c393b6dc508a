CREATE TABLE "campaign_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaign_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"campaign_id" integer NOT NULL,
	"content_request_id" integer,
	"content_opportunity_id" integer,
	"attached_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_items_one_item_check" CHECK (num_nonnulls("campaign_items"."content_request_id", "campaign_items"."content_opportunity_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaigns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"advertiser_user_id" integer NOT NULL,
	"name" text NOT NULL,
	"goal" text NOT NULL,
	"visibility" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"budget" bigint NOT NULL,
	"target_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_dates_check" CHECK ("campaigns"."ends_on" >= "campaigns"."starts_on"),
	CONSTRAINT "campaigns_budget_check" CHECK ("campaigns"."budget" > 0)
);
--> statement-breakpoint
ALTER TABLE "campaign_items" ADD CONSTRAINT "campaign_items_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_items" ADD CONSTRAINT "campaign_items_content_request_id_content_requests_id_fk" FOREIGN KEY ("content_request_id") REFERENCES "public"."content_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_items" ADD CONSTRAINT "campaign_items_content_opportunity_id_content_opportunities_id_fk" FOREIGN KEY ("content_opportunity_id") REFERENCES "public"."content_opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_advertiser_user_id_users_id_fk" FOREIGN KEY ("advertiser_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_items_campaign_idx" ON "campaign_items" USING btree ("campaign_id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_items_request_idx" ON "campaign_items" USING btree ("content_request_id") WHERE "campaign_items"."content_request_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_items_opportunity_idx" ON "campaign_items" USING btree ("content_opportunity_id") WHERE "campaign_items"."content_opportunity_id" is not null;--> statement-breakpoint
CREATE INDEX "campaigns_advertiser_idx" ON "campaigns" USING btree ("advertiser_user_id","id");