CREATE TABLE "messaging_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"quiet_hours_start" time DEFAULT '21:00' NOT NULL,
	"quiet_hours_end" time DEFAULT '08:00' NOT NULL,
	"time_zone" varchar(64) DEFAULT 'UTC' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messaging_settings_one_row" CHECK ("messaging_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_zone" varchar(64);--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD COLUMN "held_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_sends" ADD COLUMN "respect_quiet_hours" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- The organisation's one settings row: quiet hours 21:00–08:00 in UTC until an administrator
-- names the organisation's zone (the demo seed sets Asia/Kolkata).
INSERT INTO "messaging_settings" ("id") VALUES (1);--> statement-breakpoint
-- Every send made before this migration went out without quiet hours.
UPDATE "notification_sends" SET "respect_quiet_hours" = false;
