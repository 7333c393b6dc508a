ALTER TABLE "content_request_influencers" ALTER COLUMN "content_request_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "content_request_influencers" ADD COLUMN "content_opportunity_id" integer;--> statement-breakpoint
ALTER TABLE "content_opportunity_applications" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "content_opportunities_live_categories_idx" ON "content_opportunities" USING gin ("category_ids") WHERE "content_opportunities"."state" = 'live';--> statement-breakpoint
CREATE INDEX "content_opportunities_live_cities_idx" ON "content_opportunities" USING gin ("cities") WHERE "content_opportunities"."state" = 'live';--> statement-breakpoint
CREATE INDEX "content_opportunity_applications_answered_idx" ON "content_opportunity_applications" USING btree ("advertiser_user_id","answered_at") WHERE "content_opportunity_applications"."answered_at" is not null;--> statement-breakpoint
ALTER TABLE "content_request_influencers" ADD CONSTRAINT "content_request_influencers_opportunity_influencer_unique" UNIQUE("content_opportunity_id","influencer_id");--> statement-breakpoint
ALTER TABLE "content_request_influencers" ADD CONSTRAINT "content_request_influencers_opportunity_line_number_unique" UNIQUE("content_opportunity_id","line_number");--> statement-breakpoint
ALTER TABLE "content_request_influencers" ADD CONSTRAINT "content_request_influencers_one_source" CHECK (("content_request_influencers"."content_request_id" is null) <> ("content_request_influencers"."content_opportunity_id" is null));