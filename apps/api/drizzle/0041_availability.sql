CREATE TABLE "availability" (
	"match_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "availability_match_id_user_id_pk" PRIMARY KEY("match_id","user_id"),
	CONSTRAINT "availability_status_ck" CHECK ("availability"."status" in ('pending', 'available', 'not_available', 'maybe'))
);
--> statement-breakpoint
CREATE TABLE "availability_asks" (
	"match_id" integer PRIMARY KEY NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"remind_hours_before" smallint NOT NULL,
	"asked_by" integer,
	"asked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reminded_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "notification_sends" ADD COLUMN "match_id" integer;--> statement-breakpoint
ALTER TABLE "availability" ADD CONSTRAINT "availability_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability" ADD CONSTRAINT "availability_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability" ADD CONSTRAINT "availability_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_asks" ADD CONSTRAINT "availability_asks_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_asks" ADD CONSTRAINT "availability_asks_asked_by_users_id_fk" FOREIGN KEY ("asked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "availability_match_status_idx" ON "availability" USING btree ("match_id","status");--> statement-breakpoint
CREATE INDEX "availability_user_idx" ON "availability" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "availability_team_idx" ON "availability" USING btree ("team_id","match_id");--> statement-breakpoint
CREATE INDEX "availability_asks_asked_by_idx" ON "availability_asks" USING btree ("asked_by");--> statement-breakpoint
CREATE INDEX "availability_asks_remind_idx" ON "availability_asks" USING btree ("deadline") WHERE "availability_asks"."reminded_at" is null;--> statement-breakpoint
ALTER TABLE "notification_sends" ADD CONSTRAINT "notification_sends_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_sends_match_id_idx" ON "notification_sends" USING btree ("match_id");