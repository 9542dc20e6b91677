CREATE TABLE "audit_logs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"actor_email" varchar(254),
	"entity_type" varchar(40) NOT NULL,
	"entity_id" integer NOT NULL,
	"action" varchar(40) NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_used_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_logs_created_idx" ON "audit_logs" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_logs_entity_idx" ON "audit_logs" USING btree ("entity_type","entity_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_logs_entity_type_idx" ON "audit_logs" USING btree ("entity_type","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_logs_actor_idx" ON "audit_logs" USING btree ("actor_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_logs_actor_email_idx" ON "audit_logs" USING btree (lower("actor_email"),"created_at","id");--> statement-breakpoint
CREATE INDEX "audit_logs_action_idx" ON "audit_logs" USING btree ("action","created_at","id");--> statement-breakpoint
-- Using a session (last_used_at, touched once a minute) must not make every instance forget its
-- cached sessions (decision 008): only what can end a session or change its owner does.
DROP TRIGGER sessions_auth_changed ON sessions;
--> statement-breakpoint
CREATE TRIGGER sessions_auth_changed AFTER UPDATE OF token_hash, user_id, expires_at, revoked_at OR DELETE OR TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
