ALTER TABLE "messages" ADD COLUMN "digested_at" timestamptz;--> statement-breakpoint
CREATE INDEX "messages_undigested_idx" ON "messages" ("created_at") WHERE "digested_at" IS NULL;
