ALTER TABLE "wa_templates" DROP CONSTRAINT "wa_templates_status";--> statement-breakpoint
ALTER TABLE "wa_templates" ADD COLUMN "whatsapp_category" varchar(20) DEFAULT 'UTILITY' NOT NULL;--> statement-breakpoint
ALTER TABLE "wa_templates" ADD COLUMN "whatsapp_template_id" varchar(64);--> statement-breakpoint
ALTER TABLE "wa_templates" ADD COLUMN "quality_rating" varchar(10);--> statement-breakpoint
ALTER TABLE "wa_templates" ADD COLUMN "rejected_reason" text;--> statement-breakpoint
CREATE UNIQUE INDEX "wa_templates_whatsapp_id_uq" ON "wa_templates" USING btree ("whatsapp_template_id");--> statement-breakpoint
ALTER TABLE "wa_templates" ADD CONSTRAINT "wa_templates_whatsapp_category" CHECK ("wa_templates"."whatsapp_category" in ('MARKETING', 'UTILITY', 'AUTHENTICATION'));--> statement-breakpoint
ALTER TABLE "wa_templates" ADD CONSTRAINT "wa_templates_quality_rating" CHECK ("wa_templates"."quality_rating" in ('GREEN', 'YELLOW', 'RED', 'UNKNOWN'));--> statement-breakpoint
ALTER TABLE "wa_templates" ADD CONSTRAINT "wa_templates_status" CHECK ("wa_templates"."status" in ('draft', 'pending', 'approved', 'rejected', 'paused', 'disabled'));