CREATE INDEX "tournaments_start_idx" ON "tournaments" USING btree ("start_date","id");--> statement-breakpoint
CREATE INDEX "tournaments_status_start_idx" ON "tournaments" USING btree ("status","start_date","id");--> statement-breakpoint
CREATE INDEX "tournaments_name_trgm" ON "tournaments" USING gin (lower("name") gin_trgm_ops);