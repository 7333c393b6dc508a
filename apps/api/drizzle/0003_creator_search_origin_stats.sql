-- Joint statistics on origin and residence, like those of 0002 on place and person: the two
-- are correlated (creators living in Algeria are of Algerian origin), so the planner, which
-- multiplies their frequencies, took a pair no one has ("origin TN, living in DZ") for a
-- common one and walked the whole order index for it (60 ms at 100,000 creators, instead of
-- 7 ms through the place index). Found by apps/api/scripts/bench-search.ts.
CREATE STATISTICS creator_search_origin_stats (mcv, dependencies)
  ON platform, country_of_origin, country FROM creator_search;
--> statement-breakpoint
ANALYZE creator_search;
