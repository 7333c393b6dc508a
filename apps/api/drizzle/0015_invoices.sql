CREATE TABLE "invoice_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"number" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"owner_user_id" integer NOT NULL,
	"purchase_kind" text NOT NULL,
	"purchase_id" integer NOT NULL,
	"language" text NOT NULL,
	"label" text NOT NULL,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"priced" jsonb NOT NULL,
	"subtotal" bigint NOT NULL,
	"discount" bigint NOT NULL,
	"vat_amount" bigint NOT NULL,
	"stamp_amount" bigint NOT NULL,
	"total" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "invoices_purchase_unique" UNIQUE("purchase_kind","purchase_id"),
	CONSTRAINT "invoices_year_sequence_unique" UNIQUE("year","sequence")
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_owner_idx" ON "invoices" USING btree ("owner_user_id","id" DESC NULLS LAST);--> statement-breakpoint
-- An issued invoice is a legal document: it is never changed or deleted (ADR 018).
CREATE FUNCTION invoices_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'invoice % is issued: it cannot be changed or deleted', OLD.number;
END;
$$;--> statement-breakpoint
CREATE TRIGGER invoices_immutable BEFORE UPDATE OR DELETE ON "invoices"
  FOR EACH ROW EXECUTE FUNCTION invoices_refuse_change();
