ALTER TABLE "ledger_entries" ALTER COLUMN "balance_after" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "account_version" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account_id","amount");--> statement-breakpoint
-- ADR 014 (amended): the platform's accounts keep no cached balance; their balance is the sum
-- of their entries.
UPDATE "ledger_accounts" SET "balance" = 0, "version" = 0 WHERE "owner_user_id" IS NULL;
