CREATE TABLE "selections" (
	"match_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"slot" varchar(10) NOT NULL,
	"position" smallint NOT NULL,
	"is_captain" boolean DEFAULT false NOT NULL,
	"is_wicket_keeper" boolean DEFAULT false NOT NULL,
	CONSTRAINT "selections_match_id_user_id_pk" PRIMARY KEY("match_id","user_id"),
	CONSTRAINT "selections_slot_ck" CHECK ("selections"."slot" in ('xi', 'twelfth', 'reserve'))
);
--> statement-breakpoint
CREATE TABLE "team_sheets" (
	"match_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"published_by" integer,
	"notify_unselected" boolean DEFAULT false NOT NULL,
	CONSTRAINT "team_sheets_match_id_team_id_pk" PRIMARY KEY("match_id","team_id")
);
--> statement-breakpoint
ALTER TABLE "selections" ADD CONSTRAINT "selections_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selections" ADD CONSTRAINT "selections_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selections" ADD CONSTRAINT "selections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_sheets" ADD CONSTRAINT "team_sheets_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_sheets" ADD CONSTRAINT "team_sheets_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_sheets" ADD CONSTRAINT "team_sheets_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "selections_team_idx" ON "selections" USING btree ("team_id","match_id");--> statement-breakpoint
CREATE INDEX "selections_user_idx" ON "selections" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "team_sheets_team_idx" ON "team_sheets" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "team_sheets_published_by_idx" ON "team_sheets" USING btree ("published_by");