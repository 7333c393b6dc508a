CREATE TABLE "ledger_source_sums" (
	"account_id" bigint NOT NULL,
	"content_request_id" bigint,
	"content_opportunity_id" bigint,
	"amount" bigint NOT NULL,
	CONSTRAINT "ledger_source_sums_source_unique" UNIQUE NULLS NOT DISTINCT("account_id","content_request_id","content_opportunity_id"),
	CONSTRAINT "ledger_source_sums_names_a_source" CHECK ("ledger_source_sums"."content_request_id" is not null or "ledger_source_sums"."content_opportunity_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "ledger_source_sums" ADD CONSTRAINT "ledger_source_sums_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_source_sums_opportunity_idx" ON "ledger_source_sums" USING btree ("account_id","content_opportunity_id");--> statement-breakpoint
-- Keeps ledger_source_sums (each advertiser's wallet and reserved accounts summed per content
-- request and opportunity, for the dashboard) current from the entries, whoever posts them.
-- Why a trigger: docs/decisions/041-ledger-source-sums-kept-by-a-trigger.md.
-- Every statement stands alone between breakpoints: PGlite runs one statement per query.
--
-- An id a reference names, as the sums key it: a whole number written the way the code writes
-- one (`12` or `"12"`); anything else names nothing. The query this table replaced compared
-- the reference's text with the ids asked for, so such a value could never match one either.
CREATE OR REPLACE FUNCTION ledger_reference_id(p_value text) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_value ~ '^[1-9][0-9]{0,17}$' THEN p_value::bigint END
$$;
--> statement-breakpoint
-- Entries are append-only (ledger_entries_immutable refuses updates and deletes, and
-- ledger_entries_no_truncate truncation): only inserts move the sums. One statement per
-- posting adds its advertiser entries to their rows, in key order, so two postings to the
-- same accounts cannot deadlock.
CREATE OR REPLACE FUNCTION ledger_source_sums_on_entries() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_source_sums AS s (account_id, content_request_id, content_opportunity_id, amount)
  SELECT e.account_id, r.content_request_id, r.content_opportunity_id, sum(e.amount)
  FROM new_rows e
  JOIN ledger_accounts a ON a.id = e.account_id
  JOIN ledger_transactions t ON t.id = e.transaction_id
  CROSS JOIN LATERAL (
    SELECT ledger_reference_id(t.reference ->> 'content_request_id') AS content_request_id,
           ledger_reference_id(t.reference ->> 'content_opportunity_id') AS content_opportunity_id
  ) r
  WHERE a.kind IN ('advertiser_wallet', 'advertiser_reserved')
    AND (r.content_request_id IS NOT NULL OR r.content_opportunity_id IS NOT NULL)
  GROUP BY e.account_id, r.content_request_id, r.content_opportunity_id
  ORDER BY e.account_id, r.content_request_id, r.content_opportunity_id
  ON CONFLICT (account_id, content_request_id, content_opportunity_id)
  DO UPDATE SET amount = s.amount + excluded.amount;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_source_sums_entries_insert
AFTER INSERT ON ledger_entries
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION ledger_source_sums_on_entries();
--> statement-breakpoint
-- The entries posted before this migration.
INSERT INTO ledger_source_sums (account_id, content_request_id, content_opportunity_id, amount)
SELECT e.account_id, r.content_request_id, r.content_opportunity_id, sum(e.amount)
FROM ledger_entries e
JOIN ledger_accounts a ON a.id = e.account_id
JOIN ledger_transactions t ON t.id = e.transaction_id
CROSS JOIN LATERAL (
  SELECT ledger_reference_id(t.reference ->> 'content_request_id') AS content_request_id,
         ledger_reference_id(t.reference ->> 'content_opportunity_id') AS content_opportunity_id
) r
WHERE a.kind IN ('advertiser_wallet', 'advertiser_reserved')
  AND (r.content_request_id IS NOT NULL OR r.content_opportunity_id IS NOT NULL)
GROUP BY e.account_id, r.content_request_id, r.content_opportunity_id;
