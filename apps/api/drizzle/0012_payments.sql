CREATE TABLE "payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"purpose_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"description" text NOT NULL,
	"state" text DEFAULT 'created' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"state_entered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"gateway" text DEFAULT 'konnect' NOT NULL,
	"gateway_ref" text,
	"pay_url" text,
	"failure_reason" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "payments_gateway_ref_unique" UNIQUE("gateway_ref")
);
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_purpose_idx" ON "payments" USING btree ("purpose","purpose_id");