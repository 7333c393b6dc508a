CREATE TABLE "search_quotas" (
	"advertiser_id" integer PRIMARY KEY NOT NULL,
	"search_count" integer DEFAULT 0 NOT NULL,
	"max_search_count" integer DEFAULT 0 NOT NULL,
	"free_trial_expire_date" date,
	"account_validity_from" date,
	"account_validity_to" date
);
--> statement-breakpoint
ALTER TABLE "search_quotas" ADD CONSTRAINT "search_quotas_advertiser_id_advertisers_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."advertisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The quota moves from users' advertisers to discovery (issue 7: each table has one owner):
-- every advertiser's figures and dates are copied before the old columns go.
INSERT INTO "search_quotas" ("advertiser_id", "search_count", "max_search_count",
  "free_trial_expire_date", "account_validity_from", "account_validity_to")
SELECT "id", "search_count", "max_search_count", "free_trial_expire_date",
  "account_validity_from", "account_validity_to"
FROM "advertisers";
--> statement-breakpoint
ALTER TABLE "advertisers" DROP COLUMN "account_validity_from";--> statement-breakpoint
ALTER TABLE "advertisers" DROP COLUMN "account_validity_to";--> statement-breakpoint
ALTER TABLE "advertisers" DROP COLUMN "search_count";--> statement-breakpoint
ALTER TABLE "advertisers" DROP COLUMN "max_search_count";--> statement-breakpoint
ALTER TABLE "advertisers" DROP COLUMN "free_trial_expire_date";