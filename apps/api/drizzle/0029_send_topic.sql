ALTER TABLE "notification_sends" ADD COLUMN "topic_id" integer;--> statement-breakpoint
ALTER TABLE "notification_sends" ADD CONSTRAINT "notification_sends_topic_id_messaging_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."messaging_topics"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_sends_topic_id_idx" ON "notification_sends" USING btree ("topic_id");--> statement-breakpoint
-- Sends made before topics existed take their template's topic as it is now.
UPDATE "notification_sends" s SET "topic_id" = t."topic_id" FROM "notification_templates" t WHERE t."id" = s."template_id";--> statement-breakpoint
UPDATE "notification_sends" s SET "topic_id" = t."topic_id" FROM "wa_templates" t WHERE t."id" = s."wa_template_id";
