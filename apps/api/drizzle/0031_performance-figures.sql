CREATE TABLE "metric_link_figures" (
	"link_id" integer PRIMARY KEY NOT NULL,
	"line_id" integer NOT NULL,
	"source" text NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	"checked" boolean,
	"views" bigint,
	"reach" bigint,
	"likes" bigint,
	"comments" bigint,
	"shares" bigint,
	"saves" bigint,
	"read_24h" boolean NOT NULL,
	"views_24h" bigint,
	"engagements_24h" bigint,
	"read_72h" boolean NOT NULL,
	"views_72h" bigint,
	"engagements_72h" bigint,
	"read_7d" boolean NOT NULL,
	"views_7d" bigint,
	"engagements_7d" bigint,
	"read_30d" boolean NOT NULL,
	"views_30d" bigint,
	"engagements_30d" bigint
);
--> statement-breakpoint
ALTER TABLE "tracked_links" ADD COLUMN "person_clicks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tracked_links" ADD COLUMN "preview_clicks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "metric_link_figures" ADD CONSTRAINT "metric_link_figures_link_id_content_request_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."content_request_links"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "metric_link_figures_line_idx" ON "metric_link_figures" USING btree ("line_id");--> statement-breakpoint
-- Keeps metric_link_figures (a publication's figures summed up for the performance pages) and
-- tracked_links' click counters current from the rows they sum, whoever writes those rows.
-- Why triggers: docs/decisions/038-performance-figures-kept-by-triggers.md.
-- Every statement stands alone between breakpoints: PGlite runs one statement per query.
--
-- The reads of some links: their snapshots and, where a window has none, the creator's
-- submission still waiting for the team (unchecked); engagements are the sum of the figures the
-- source gives, null when it gives none (engagementsOf).
CREATE OR REPLACE FUNCTION metric_link_reads(p_link_ids integer[])
RETURNS TABLE (
  link_id integer, line_id integer, "window" text, source text, read_at timestamptz,
  checked boolean, post_deleted boolean, views bigint, reach bigint, likes bigint,
  comments bigint, shares bigint, saves bigint, engagements bigint
)
LANGUAGE sql STABLE AS $$
  SELECT r.*,
         CASE WHEN num_nonnulls(r.likes, r.comments, r.shares, r.saves) > 0
           THEN coalesce(r.likes, 0) + coalesce(r.comments, 0) + coalesce(r.shares, 0)
                + coalesce(r.saves, 0)
         END
  FROM (
    SELECT s.link_id, s.line_id, s."window", s.source, s.read_at,
           CASE WHEN s.source = 'creator' THEN true END, s.post_deleted,
           s.views, s.reach, s.likes, s.comments, s.shares, s.saves
    FROM metric_snapshots s
    WHERE s.link_id = ANY (p_link_ids)
    UNION ALL
    SELECT w.link_id, w.line_id, w."window", 'creator', w.created_at, false, false,
           w.views, w.reach, w.likes, w.comments, w.shares, w.saves
    FROM metric_submissions w
    WHERE w.link_id = ANY (p_link_ids) AND w.state = 'submitted'
      AND NOT EXISTS (
        SELECT 1 FROM metric_snapshots s WHERE s.link_id = w.link_id AND s."window" = w."window"
      )
  ) r
$$;
--> statement-breakpoint
-- Rebuilds the figures rows of some links from their reads.
CREATE OR REPLACE FUNCTION refresh_metric_link_figures(p_link_ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF p_link_ids IS NULL OR cardinality(p_link_ids) = 0 THEN
    RETURN;
  END IF;

  -- Serialises refreshes of one link (a window's read and the daily one written at once):
  -- each statement below then sees the other's committed reads, not a snapshot without them.
  PERFORM 1 FROM metric_publications
  WHERE link_id = ANY (p_link_ids) ORDER BY link_id FOR NO KEY UPDATE;

  DELETE FROM metric_link_figures f
  WHERE f.link_id = ANY (p_link_ids)
    AND NOT EXISTS (SELECT 1 FROM metric_link_reads(ARRAY[f.link_id]));

  INSERT INTO metric_link_figures AS f (
    link_id, line_id, source, read_at, checked, views, reach, likes, comments, shares, saves,
    read_24h, views_24h, engagements_24h, read_72h, views_72h, engagements_72h,
    read_7d, views_7d, engagements_7d, read_30d, views_30d, engagements_30d
  )
  SELECT c.link_id, c.line_id, c.source, c.read_at, c.checked, c.views, c.reach, c.likes,
         c.comments, c.shares, c.saves,
         w.read_24h, w.views_24h, w.engagements_24h, w.read_72h, w.views_72h, w.engagements_72h,
         w.read_7d, w.views_7d, w.engagements_7d, w.read_30d, w.views_30d, w.engagements_30d
  FROM (
    -- The current read: the newest of the live post, else the newest; equal times in the
    -- order latest, 24h, 72h, 7d, 30d.
    SELECT DISTINCT ON (r.link_id) r.*
    FROM metric_link_reads(p_link_ids) r
    ORDER BY r.link_id, r.post_deleted, r.read_at DESC,
             array_position(ARRAY['latest', '24h', '72h', '7d', '30d'], r."window")
  ) c
  JOIN (
    -- Each window read while the post was live.
    SELECT r.link_id,
           bool_or(r."window" = '24h' AND NOT r.post_deleted) AS read_24h,
           max(r.views) FILTER (WHERE r."window" = '24h' AND NOT r.post_deleted) AS views_24h,
           max(r.engagements) FILTER (WHERE r."window" = '24h' AND NOT r.post_deleted) AS engagements_24h,
           bool_or(r."window" = '72h' AND NOT r.post_deleted) AS read_72h,
           max(r.views) FILTER (WHERE r."window" = '72h' AND NOT r.post_deleted) AS views_72h,
           max(r.engagements) FILTER (WHERE r."window" = '72h' AND NOT r.post_deleted) AS engagements_72h,
           bool_or(r."window" = '7d' AND NOT r.post_deleted) AS read_7d,
           max(r.views) FILTER (WHERE r."window" = '7d' AND NOT r.post_deleted) AS views_7d,
           max(r.engagements) FILTER (WHERE r."window" = '7d' AND NOT r.post_deleted) AS engagements_7d,
           bool_or(r."window" = '30d' AND NOT r.post_deleted) AS read_30d,
           max(r.views) FILTER (WHERE r."window" = '30d' AND NOT r.post_deleted) AS views_30d,
           max(r.engagements) FILTER (WHERE r."window" = '30d' AND NOT r.post_deleted) AS engagements_30d
    FROM metric_link_reads(p_link_ids) r
    GROUP BY r.link_id
  ) w ON w.link_id = c.link_id
  ON CONFLICT (link_id) DO UPDATE SET
    line_id = excluded.line_id, source = excluded.source, read_at = excluded.read_at,
    checked = excluded.checked, views = excluded.views, reach = excluded.reach,
    likes = excluded.likes, comments = excluded.comments, shares = excluded.shares,
    saves = excluded.saves,
    read_24h = excluded.read_24h, views_24h = excluded.views_24h,
    engagements_24h = excluded.engagements_24h,
    read_72h = excluded.read_72h, views_72h = excluded.views_72h,
    engagements_72h = excluded.engagements_72h,
    read_7d = excluded.read_7d, views_7d = excluded.views_7d,
    engagements_7d = excluded.engagements_7d,
    read_30d = excluded.read_30d, views_30d = excluded.views_30d,
    engagements_30d = excluded.engagements_30d;
END;
$$;
--> statement-breakpoint
-- Statement-level triggers with transition tables: a bulk write refreshes its links in one
-- set-based call. One trigger per event (a trigger with transition tables serves one only).
CREATE OR REPLACE FUNCTION metric_link_figures_on_reads() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_metric_link_figures(ARRAY(SELECT DISTINCT link_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM refresh_metric_link_figures(ARRAY(SELECT DISTINCT link_id FROM old_rows));
  ELSE
    PERFORM refresh_metric_link_figures(ARRAY(
      SELECT link_id FROM new_rows UNION SELECT link_id FROM old_rows
    ));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER metric_link_figures_snapshots_insert
AFTER INSERT ON metric_snapshots
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION metric_link_figures_on_reads();
--> statement-breakpoint
CREATE TRIGGER metric_link_figures_snapshots_update
AFTER UPDATE ON metric_snapshots
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION metric_link_figures_on_reads();
--> statement-breakpoint
CREATE TRIGGER metric_link_figures_snapshots_delete
AFTER DELETE ON metric_snapshots
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION metric_link_figures_on_reads();
--> statement-breakpoint
CREATE TRIGGER metric_link_figures_submissions_insert
AFTER INSERT ON metric_submissions
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION metric_link_figures_on_reads();
--> statement-breakpoint
CREATE TRIGGER metric_link_figures_submissions_update
AFTER UPDATE ON metric_submissions
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION metric_link_figures_on_reads();
--> statement-breakpoint
CREATE TRIGGER metric_link_figures_submissions_delete
AFTER DELETE ON metric_submissions
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION metric_link_figures_on_reads();
--> statement-breakpoint
-- The figures of the reads written before this migration.
SELECT refresh_metric_link_figures(ARRAY(
  SELECT link_id FROM metric_snapshots UNION SELECT link_id FROM metric_submissions
));
--> statement-breakpoint
-- Each link's clicks counted as they are written (people and link previews apart); a click
-- removed is uncounted. Rows of one link are updated in link order: two batches cannot deadlock.
CREATE OR REPLACE FUNCTION tracked_links_count_clicks() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  sign integer := CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END;
BEGIN
  UPDATE tracked_links t
  SET person_clicks = t.person_clicks + sign * c.people,
      preview_clicks = t.preview_clicks + sign * c.previews
  FROM (
    SELECT link_id,
           count(*) FILTER (WHERE kind = 'person') AS people,
           count(*) FILTER (WHERE kind = 'preview') AS previews
    FROM changed_rows
    GROUP BY link_id
    ORDER BY link_id
  ) c
  WHERE t.id = c.link_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER tracked_link_clicks_count_insert
AFTER INSERT ON tracked_link_clicks
REFERENCING NEW TABLE AS changed_rows
FOR EACH STATEMENT EXECUTE FUNCTION tracked_links_count_clicks();
--> statement-breakpoint
CREATE TRIGGER tracked_link_clicks_count_delete
AFTER DELETE ON tracked_link_clicks
REFERENCING OLD TABLE AS changed_rows
FOR EACH STATEMENT EXECUTE FUNCTION tracked_links_count_clicks();
--> statement-breakpoint
-- The clicks written before this migration.
UPDATE tracked_links t
SET person_clicks = c.people, preview_clicks = c.previews
FROM (
  SELECT link_id,
         count(*) FILTER (WHERE kind = 'person') AS people,
         count(*) FILTER (WHERE kind = 'preview') AS previews
  FROM tracked_link_clicks
  GROUP BY link_id
) c
WHERE t.id = c.link_id;
