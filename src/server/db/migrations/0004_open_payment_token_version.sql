ALTER TABLE "payments" DROP CONSTRAINT "payments_status_check";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "client_secret" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "token_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "credit_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('pending', 'succeeded', 'failed', 'cancelled', 'superseded'));--> statement-breakpoint
UPDATE "payments" p SET "status" = 'superseded', "updated_at" = now() WHERE p."status" = 'pending' AND EXISTS (SELECT 1 FROM "payments" q WHERE q."vehicle_id" = p."vehicle_id" AND q."status" = 'pending' AND (q."created_at", q."id") > (p."created_at", p."id"));--> statement-breakpoint
CREATE UNIQUE INDEX "payments_vehicle_pending_key" ON "payments" USING btree ("vehicle_id") WHERE "payments"."status" = 'pending';