ALTER TABLE "content_request_influencers" ALTER COLUMN "content_request_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "content_request_influencers" ADD COLUMN "content_opportunity_id" integer;--> statement-breakpoint
ALTER TABLE "content_opportunity_applications" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "content_request_influencers" ADD CONSTRAINT "content_request_influencers_opportunity_influencer_unique" UNIQUE("content_opportunity_id","influencer_id");--> statement-breakpoint
ALTER TABLE "content_request_influencers" ADD CONSTRAINT "content_request_influencers_opportunity_line_number_unique" UNIQUE("content_opportunity_id","line_number");--> statement-breakpoint
ALTER TABLE "content_request_influencers" ADD CONSTRAINT "content_request_influencers_one_source" CHECK (("content_request_influencers"."content_request_id" is null) <> ("content_request_influencers"."content_opportunity_id" is null));