DROP INDEX "audit_logs_actor_email_idx";--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "actor_name" varchar(101);--> statement-breakpoint
-- The actor's name as it is now stands in for the name at the time on records written before
-- it was copied: the closest the trail can come.
UPDATE "audit_logs" a SET "actor_name" = nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '')
  FROM "users" u WHERE u.id = a.actor_id;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "actor_search" text GENERATED ALWAYS AS (lower(coalesce(actor_name, '') || ' ' || coalesce(actor_email, ''))) STORED;--> statement-breakpoint
CREATE INDEX "audit_logs_actor_search_trgm" ON "audit_logs" USING gin ("actor_search" gin_trgm_ops);
