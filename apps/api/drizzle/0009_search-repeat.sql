ALTER TABLE "search_quotas" ADD COLUMN "last_counted_filters" jsonb;--> statement-breakpoint
ALTER TABLE "search_quotas" ADD COLUMN "last_counted_at" timestamp with time zone;