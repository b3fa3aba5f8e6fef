ALTER TABLE "users" ADD COLUMN "business_registration" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "business_address" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "business_status" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "business_submitted_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "duty_paid" boolean;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "papers_ready" boolean;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "verified_dealer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_business_status_check" CHECK ("users"."business_status" is null or "users"."business_status" in ('pending', 'verified', 'rejected'));