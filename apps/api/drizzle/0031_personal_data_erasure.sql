CREATE TABLE "privacy_salt" (
	"only" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"salt" text NOT NULL,
	CONSTRAINT "privacy_salt_one_row" CHECK ("privacy_salt"."only")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
-- The installation's salt, random and made once (decision 055): an erased person's addresses
-- are hashed with it, so the hashes of one installation cannot be matched against another's.
INSERT INTO "privacy_salt" ("only", "salt")
VALUES (true, encode(sha256(convert_to(gen_random_uuid()::text || clock_timestamp()::text || random()::text, 'UTF8')), 'hex'));
