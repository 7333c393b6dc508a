ALTER TABLE "creator_search" ADD COLUMN "is_validated" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- The refresh of 0002, now also copying whether the creator's account is validated
-- (users.is_validated): searches find validated creators only (issue 7).
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
    gender, age_intervale, country, country_of_origin, city, category_ids, search_text,
    is_validated
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
      i.first_name, i.last_name, i.influencer_name, i.ig_username, i.tiktok_username)),
    u.is_validated
  FROM influencers i
  JOIN users u ON u.id = i.user_id
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
    search_text = EXCLUDED.search_text,
    is_validated = EXCLUDED.is_validated
  -- An unchanged row is not rewritten (no dead tuple, no index churn).
  WHERE cs IS DISTINCT FROM EXCLUDED;
END;
$$;
--> statement-breakpoint
-- A creator validated or unvalidated (users.is_validated): their rows follow at once. Other
-- changes of users cost a join of the statement's transition tables and nothing else.
-- Statement level like the other triggers (0002); a column list is not allowed with
-- transition tables, hence the comparison below. Lock order: the users row (the UPDATE), then
-- the creator's influencers row (the refresh). A transaction that changes is_validated and
-- also writes the creator's profile should lock the influencers row first, as a profile save
-- does, or the two can deadlock.
CREATE OR REPLACE FUNCTION creator_search_on_users() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_creator_search_many(ARRAY(
    SELECT i.id
    FROM new_rows n
    JOIN old_rows o ON o.id = n.id
    JOIN influencers i ON i.user_id = n.id
    WHERE n.is_validated IS DISTINCT FROM o.is_validated
  ));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER creator_search_users_update
AFTER UPDATE ON users
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION creator_search_on_users();
--> statement-breakpoint
SELECT refresh_all_creator_search();
--> statement-breakpoint
ANALYZE creator_search;
