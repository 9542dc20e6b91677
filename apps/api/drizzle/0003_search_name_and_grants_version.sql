DROP INDEX "users_full_name_trgm";--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "grants_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_name" text GENERATED ALWAYS AS (lower(coalesce(first_name, '') || ' ' || coalesce(last_name, ''))) STORED;--> statement-breakpoint
CREATE INDEX "users_search_name_trgm" ON "users" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE OR REPLACE FUNCTION role_grants_bump() RETURNS trigger AS $$
BEGIN
  UPDATE roles SET grants_version = grants_version + 1
  WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.role_id ELSE NEW.role_id END;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER role_permissions_bump AFTER INSERT OR DELETE OR UPDATE ON role_permissions
  FOR EACH ROW EXECUTE FUNCTION role_grants_bump();
