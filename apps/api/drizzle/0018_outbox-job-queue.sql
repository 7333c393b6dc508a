DROP INDEX "outbox_events_pending_idx";--> statement-breakpoint
ALTER TABLE "outbox_events" ADD COLUMN "job_queue" text DEFAULT 'pgboss' NOT NULL;--> statement-breakpoint
CREATE INDEX "outbox_events_pending_idx" ON "outbox_events" USING btree ("job_queue","id") WHERE "outbox_events"."relayed_at" is null;