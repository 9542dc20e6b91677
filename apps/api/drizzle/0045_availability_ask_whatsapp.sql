ALTER TABLE "availability_asks" ADD COLUMN "wa_template_id" integer;--> statement-breakpoint
ALTER TABLE "availability_asks" ADD COLUMN "wa_variables" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "availability_asks" ADD CONSTRAINT "availability_asks_wa_template_id_wa_templates_id_fk" FOREIGN KEY ("wa_template_id") REFERENCES "public"."wa_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "availability_asks_wa_template_idx" ON "availability_asks" USING btree ("wa_template_id");