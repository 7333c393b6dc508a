-- Keeps creator_search (0001) current from influencers, influencer_stats and
-- influencer_categories, and makes its names searchable by trigram similarity.
-- Why a denormalised table kept by triggers: docs/decisions/007-creator-search-table.md.
-- Every statement stands alone between breakpoints: PGlite runs one statement per query.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
-- One folding for the stored text and for what an advertiser types, so both compare alike:
-- lower case, Latin accents removed, Arabic short vowels (tashkeel, U+064B..U+065F, U+0670)
-- and tatweel (U+0640) dropped, alef, yeh and teh marbuta variants unified
-- (أ إ آ ٱ → ا, ى → ي, ة → ه), runs of spaces collapsed.
CREATE OR REPLACE FUNCTION creator_search_normalize(input text) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT btrim(regexp_replace(
    translate(
      regexp_replace(lower(unaccent(coalesce(input, ''))), '[\u064B-\u065F\u0670\u0640]', '', 'g'),
      'أإآٱىة',
      'اااايه'
    ),
    '\s+', ' ', 'g'
  ))
$$;
--> statement-breakpoint
-- Rebuilds the search rows of some creators: one row per platform they have a username on,
-- with that platform's figures (zeros and no source when they have none yet).
CREATE OR REPLACE FUNCTION refresh_creator_search_many(p_ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF p_ids IS NULL OR cardinality(p_ids) = 0 THEN
    RETURN;
  END IF;

  -- Serialises refreshes of one creator. Without it, two transactions changing different
  -- source rows (stats in one, categories in the other) would each write a row built from a
  -- snapshot that misses the other's change, and the last writer would win with stale data.
  -- NO KEY UPDATE, not UPDATE: it does not conflict with the KEY SHARE lock that the foreign
  -- key check of an influencer_stats insert takes, so two such inserts cannot deadlock.
  PERFORM 1 FROM influencers WHERE id = ANY (p_ids) ORDER BY id FOR NO KEY UPDATE;

  DELETE FROM creator_search cs
  WHERE cs.influencer_id = ANY (p_ids)
    AND NOT EXISTS (
      SELECT 1
      FROM influencers i
      WHERE i.id = cs.influencer_id
        AND nullif(btrim(CASE cs.platform
                           WHEN 'instagram' THEN i.ig_username
                           ELSE i.tiktok_username
                         END), '') IS NOT NULL
    );

  INSERT INTO creator_search AS cs (
    influencer_id, platform, followers_count, posts_count, avg_likes, avg_comments,
    avg_video_views, engagement_rate, persons_reached, stats_source, stats_updated_at,
    gender, age_intervale, country, country_of_origin, city, category_ids, search_text
  )
  SELECT
    i.id,
    p.platform,
    coalesce(s.followers_count, 0),
    coalesce(s.posts_count, 0),
    coalesce(s.avg_likes, 0),
    coalesce(s.avg_comments, 0),
    coalesce(s.avg_video_views, 0),
    coalesce(s.engagement_rate, 0),
    coalesce(s.persons_reached, 0),
    s.source,
    s.updated_at,
    i.gender,
    -- Stored bands may predate the form's spelling (spec §3 lists "45plus").
    CASE WHEN i.age_intervale = '45plus' THEN '45+' ELSE i.age_intervale END,
    i.country,
    i.country_of_origin,
    i.city,
    coalesce(
      (SELECT array_agg(ic.category_id ORDER BY ic.category_id)
       FROM influencer_categories ic
       WHERE ic.influencer_id = i.id),
      '{}'::integer[]
    ),
    creator_search_normalize(concat_ws(' ',
      i.first_name, i.last_name, i.influencer_name, i.ig_username, i.tiktok_username))
  FROM influencers i
  CROSS JOIN LATERAL (
    VALUES ('instagram', i.ig_username), ('tiktok', i.tiktok_username)
  ) AS p(platform, username)
  LEFT JOIN influencer_stats s ON s.influencer_id = i.id AND s.platform = p.platform
  WHERE i.id = ANY (p_ids)
    AND nullif(btrim(p.username), '') IS NOT NULL
  ON CONFLICT (influencer_id, platform) DO UPDATE SET
    followers_count = EXCLUDED.followers_count,
    posts_count = EXCLUDED.posts_count,
    avg_likes = EXCLUDED.avg_likes,
    avg_comments = EXCLUDED.avg_comments,
    avg_video_views = EXCLUDED.avg_video_views,
    engagement_rate = EXCLUDED.engagement_rate,
    persons_reached = EXCLUDED.persons_reached,
    stats_source = EXCLUDED.stats_source,
    stats_updated_at = EXCLUDED.stats_updated_at,
    gender = EXCLUDED.gender,
    age_intervale = EXCLUDED.age_intervale,
    country = EXCLUDED.country,
    country_of_origin = EXCLUDED.country_of_origin,
    city = EXCLUDED.city,
    category_ids = EXCLUDED.category_ids,
    search_text = EXCLUDED.search_text
  -- An unchanged row is not rewritten (no dead tuple, no index churn).
  WHERE cs IS DISTINCT FROM EXCLUDED;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION refresh_creator_search(p_influencer_id integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_creator_search_many(ARRAY[p_influencer_id]);
END;
$$;
--> statement-breakpoint
-- For bulk loads that ran with the triggers disabled, and for the backfill below.
CREATE OR REPLACE FUNCTION refresh_all_creator_search() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_creator_search_many(ARRAY(SELECT id FROM influencers ORDER BY id));
END;
$$;
--> statement-breakpoint
-- Statement-level triggers with transition tables: a bulk insert of 500 creators refreshes
-- them in one set-based call instead of 500 row-by-row calls.
CREATE OR REPLACE FUNCTION creator_search_on_influencers() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_creator_search_many(ARRAY(SELECT id FROM new_rows));
  ELSE
    -- Only edits the search row shows: a preference, bio or payout change costs nothing.
    PERFORM refresh_creator_search_many(ARRAY(
      SELECT n.id
      FROM new_rows n
      JOIN old_rows o ON o.id = n.id
      WHERE (n.first_name, n.last_name, n.influencer_name, n.ig_username, n.tiktok_username,
             n.gender, n.age_intervale, n.country, n.country_of_origin, n.city)
        IS DISTINCT FROM
            (o.first_name, o.last_name, o.influencer_name, o.ig_username, o.tiktok_username,
             o.gender, o.age_intervale, o.country, o.country_of_origin, o.city)
    ));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- influencer_stats and influencer_categories: both point at the creator by influencer_id.
CREATE OR REPLACE FUNCTION creator_search_on_creator_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_creator_search_many(ARRAY(SELECT DISTINCT influencer_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM refresh_creator_search_many(ARRAY(SELECT DISTINCT influencer_id FROM old_rows));
  ELSE
    PERFORM refresh_creator_search_many(ARRAY(
      SELECT influencer_id FROM new_rows UNION SELECT influencer_id FROM old_rows
    ));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Deleting a creator needs no trigger: creator_search rows go with it (ON DELETE CASCADE).
-- A trigger with transition tables serves one event only, hence one trigger per event.
CREATE TRIGGER creator_search_influencers_insert
AFTER INSERT ON influencers
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION creator_search_on_influencers();
--> statement-breakpoint
CREATE TRIGGER creator_search_influencers_update
AFTER UPDATE ON influencers
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION creator_search_on_influencers();
--> statement-breakpoint
CREATE TRIGGER creator_search_stats_insert
AFTER INSERT ON influencer_stats
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION creator_search_on_creator_rows();
--> statement-breakpoint
CREATE TRIGGER creator_search_stats_update
AFTER UPDATE ON influencer_stats
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION creator_search_on_creator_rows();
--> statement-breakpoint
CREATE TRIGGER creator_search_stats_delete
AFTER DELETE ON influencer_stats
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION creator_search_on_creator_rows();
--> statement-breakpoint
CREATE TRIGGER creator_search_categories_insert
AFTER INSERT ON influencer_categories
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION creator_search_on_creator_rows();
--> statement-breakpoint
CREATE TRIGGER creator_search_categories_update
AFTER UPDATE ON influencer_categories
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION creator_search_on_creator_rows();
--> statement-breakpoint
CREATE TRIGGER creator_search_categories_delete
AFTER DELETE ON influencer_categories
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION creator_search_on_creator_rows();
--> statement-breakpoint
-- Filters on correlated columns (a city belongs to one country, ages spread unevenly by
-- gender): without joint statistics the planner multiplies independent frequencies, thinks a
-- rare pair like "AE + Mahdia" is common and walks the whole order index looking for it.
CREATE STATISTICS creator_search_place_stats (mcv, dependencies)
  ON platform, country, city FROM creator_search;
--> statement-breakpoint
CREATE STATISTICS creator_search_person_stats (mcv, dependencies)
  ON platform, gender, age_intervale FROM creator_search;
--> statement-breakpoint
-- Backfill before indexing: building the trigram index once is cheaper than maintaining it.
SELECT refresh_all_creator_search();
--> statement-breakpoint
CREATE INDEX creator_search_text_trgm_idx ON creator_search USING gin (search_text gin_trgm_ops);
--> statement-breakpoint
ANALYZE creator_search;
