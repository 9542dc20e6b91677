ALTER TABLE "contact_replies" ADD COLUMN "attempted_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Existing replies last tried when they were written.
UPDATE "contact_replies" SET "attempted_at" = "created_at";
