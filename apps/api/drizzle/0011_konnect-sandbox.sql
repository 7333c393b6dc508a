CREATE TABLE "konnect_sandbox_payments" (
	"payment_ref" text PRIMARY KEY NOT NULL,
	"receiver_wallet_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"token" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"order_id" text,
	"webhook" text,
	"success_url" text,
	"fail_url" text,
	"lifespan_minutes" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reached_amount" bigint DEFAULT 0 NOT NULL,
	"attempts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
