ALTER TABLE "sessions" ADD COLUMN "last_used_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Using a session (last_used_at, touched once a minute) must not make every instance forget its
-- cached sessions (decision 008): only what can end a session or change its owner does.
DROP TRIGGER sessions_auth_changed ON sessions;
--> statement-breakpoint
CREATE TRIGGER sessions_auth_changed AFTER UPDATE OF token_hash, user_id, expires_at, revoked_at OR DELETE OR TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
