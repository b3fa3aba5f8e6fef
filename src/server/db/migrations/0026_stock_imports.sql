CREATE TABLE "listing_photo_sources" (
	"vehicle_id" uuid PRIMARY KEY NOT NULL,
	"urls" jsonb NOT NULL,
	"fetched_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dealer_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"columns" jsonb NOT NULL,
	"rows" jsonb NOT NULL,
	"mapping" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"mark_missing_sold" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'uploaded' NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"summary" jsonb,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_imports_state_check" CHECK ("stock_imports"."state" in ('uploaded', 'applying', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "listing_photo_sources" ADD CONSTRAINT "listing_photo_sources_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_imports" ADD CONSTRAINT "stock_imports_dealer_id_users_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_imports_dealer_idx" ON "stock_imports" USING btree ("dealer_id","created_at");