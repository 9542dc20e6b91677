CREATE TABLE "idempotency_keys" (
	"owner" varchar(200) NOT NULL,
	"key" varchar(255) NOT NULL,
	"fingerprint" varchar(64),
	"lease" uuid NOT NULL,
	"locked_until" timestamp with time zone,
	"committed" boolean DEFAULT false NOT NULL,
	"status" smallint,
	"body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_owner_key_pk" PRIMARY KEY("owner","key")
);
--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");