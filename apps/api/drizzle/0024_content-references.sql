-- Each creator's line gets its place in its request (from 1, in the order the lines were
-- created): its public reference is `CR-000010-1`. Lines sent before are numbered the same way.
ALTER TABLE "content_request_influencers" ADD COLUMN "line_number" integer;--> statement-breakpoint
UPDATE "content_request_influencers" AS l SET "line_number" = n."line_number"
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "content_request_id" ORDER BY "id") AS "line_number"
  FROM "content_request_influencers"
) AS n
WHERE n."id" = l."id";--> statement-breakpoint
ALTER TABLE "content_request_influencers" ALTER COLUMN "line_number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "content_request_influencers" ADD CONSTRAINT "content_request_influencers_request_line_number_unique" UNIQUE("content_request_id","line_number");
