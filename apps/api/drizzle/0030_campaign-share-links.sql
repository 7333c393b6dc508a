CREATE TABLE "campaign_share_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaign_share_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"campaign_id" integer NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"visits" integer DEFAULT 0 NOT NULL,
	"last_visited_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "campaign_share_links" ADD CONSTRAINT "campaign_share_links_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_share_links_token_idx" ON "campaign_share_links" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_share_links_active_idx" ON "campaign_share_links" USING btree ("campaign_id") WHERE "campaign_share_links"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "campaign_share_links_campaign_idx" ON "campaign_share_links" USING btree ("campaign_id");