DROP INDEX "creator_search_reached_idx";--> statement-breakpoint
ALTER TABLE "creator_search" ADD COLUMN "size_band" smallint GENERATED ALWAYS AS (case when followers_count >= 500000 then 4 when followers_count >= 300000 then 3 when followers_count >= 100000 then 2 when followers_count >= 10000 then 1 when followers_count >= 0 then 0 end) STORED;--> statement-breakpoint
ALTER TABLE "creator_search" ADD COLUMN "engagement_band" smallint GENERATED ALWAYS AS (case when engagement_rate >= 10 then 4 when engagement_rate >= 6 then 3 when engagement_rate >= 3 then 2 when engagement_rate >= 1 then 1 when engagement_rate >= 0.5 then 0 end) STORED;--> statement-breakpoint
ALTER TABLE "creator_search" ADD COLUMN "reach_band" smallint GENERATED ALWAYS AS (case when persons_reached >= 100000 then 4 when persons_reached >= 50000 then 3 when persons_reached >= 10000 then 2 when persons_reached >= 5000 then 1 when persons_reached >= 0 then 0 end) STORED;--> statement-breakpoint
CREATE INDEX "creator_search_size_views_idx" ON "creator_search" USING btree ("platform","size_band","avg_video_views" DESC NULLS LAST,"influencer_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "creator_search_size_engagement_idx" ON "creator_search" USING btree ("platform","size_band","engagement_rate" DESC NULLS LAST,"influencer_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "creator_search_engagement_band_followers_idx" ON "creator_search" USING btree ("platform","engagement_band","followers_count" DESC NULLS LAST,"influencer_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "creator_search_engagement_band_views_idx" ON "creator_search" USING btree ("platform","engagement_band","avg_video_views" DESC NULLS LAST,"influencer_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "creator_search_reach_followers_idx" ON "creator_search" USING btree ("platform","reach_band","followers_count" DESC NULLS LAST,"influencer_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "creator_search_reach_views_idx" ON "creator_search" USING btree ("platform","reach_band","avg_video_views" DESC NULLS LAST,"influencer_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "creator_search_reach_engagement_idx" ON "creator_search" USING btree ("platform","reach_band","engagement_rate" DESC NULLS LAST,"influencer_id" DESC NULLS LAST);--> statement-breakpoint
-- The folding of 0002, keeping each word once, in the order of its first appearance.
-- Usernames often repeat the name ("salma trabelsi salma.trabelsi salma.trabelsi"), and word
-- similarity costs per character of the text it searches: at 100,000 creators the stored
-- text halves and so does the cost of free text. The typed text is folded alike.
CREATE OR REPLACE FUNCTION creator_search_normalize(input text) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(word, ' ' ORDER BY first), '')
  FROM (
    SELECT word, min(position) AS first
    FROM unnest(string_to_array(btrim(regexp_replace(
      translate(
        regexp_replace(lower(unaccent(coalesce(input, ''))), '[\u064B-\u065F\u0670\u0640]', '', 'g'),
        'أإآٱىة',
        'اااايه'
      ),
      '\s+', ' ', 'g'
    )), ' ')) WITH ORDINALITY AS words(word, position)
    WHERE word <> ''
    GROUP BY word
  ) distinct_words
$$;
--> statement-breakpoint
SELECT refresh_all_creator_search();
--> statement-breakpoint
ANALYZE creator_search;
