CREATE TABLE "listing_events" (
	"vehicle_id" uuid NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "listing_events_vehicle_id_day_kind_pk" PRIMARY KEY("vehicle_id","day","kind"),
	CONSTRAINT "listing_events_kind_check" CHECK ("listing_events"."kind" in ('view', 'contact', 'favourite', 'share'))
);
--> statement-breakpoint
CREATE TABLE "price_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"old_price" double precision,
	"new_price" double precision,
	"changed_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "sold_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "price_drop_amount" double precision;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "price_dropped_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "listing_events" ADD CONSTRAINT "listing_events_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_changes" ADD CONSTRAINT "price_changes_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_changes_vehicle_idx" ON "price_changes" USING btree ("vehicle_id","changed_at");