CREATE TABLE "creator_prices" (
	"influencer_id" integer NOT NULL,
	"video_duration" smallint NOT NULL,
	"price" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "creator_prices_influencer_id_video_duration_pk" PRIMARY KEY("influencer_id","video_duration"),
	CONSTRAINT "creator_prices_duration" CHECK ("creator_prices"."video_duration" in (15, 30, 60)),
	CONSTRAINT "creator_prices_price_positive" CHECK ("creator_prices"."price" > 0)
);
--> statement-breakpoint
ALTER TABLE "creator_prices" ADD CONSTRAINT "creator_prices_influencer_id_influencers_id_fk" FOREIGN KEY ("influencer_id") REFERENCES "public"."influencers"("id") ON DELETE cascade ON UPDATE no action;