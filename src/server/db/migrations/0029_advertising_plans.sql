CREATE TABLE "listing_boosts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"user_id" uuid,
	"boosted_at" timestamp (3) with time zone NOT NULL,
	"until" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "advertising_plan" text;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "boosted_until" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "advertising_plan" text;--> statement-breakpoint
ALTER TABLE "listing_boosts" ADD CONSTRAINT "listing_boosts_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_boosts" ADD CONSTRAINT "listing_boosts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_boosts_vehicle_idx" ON "listing_boosts" USING btree ("vehicle_id","boosted_at");--> statement-breakpoint
CREATE INDEX "vehicles_boosted_until_idx" ON "vehicles" USING btree ("boosted_until") WHERE "vehicles"."boosted_until" is not null;--> statement-breakpoint
CREATE INDEX "vehicles_ultimate_expiry_idx" ON "vehicles" USING btree ("expires_at") WHERE "vehicles"."advertising_plan" = 'ultimate';--> statement-breakpoint
-- A boost (its end is where a listing stands in newest-first order on the device too) is a change of the
-- listing's summary: the trigger of migration 0017 compares it as well.
CREATE OR REPLACE FUNCTION motokari_summary_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.summary_revision := NEW.revision;
  ELSIF (NEW.vehicle_type, NEW.make, NEW.model, NEW.variant, NEW.category, NEW.fuel_type, NEW.transmission, NEW.condition,
         NEW.drive_type, NEW.color, NEW.seller_id, NEW.seller_name, NEW.seller_location, NEW.seller_type, NEW.mileage, NEW.operating_hours,
         NEW.year, NEW.engine_size, NEW.engine_power_hp, NEW.duty_paid, NEW.papers_ready, NEW.verified_dealer, NEW.phone_verified, NEW.location,
         NEW.region, NEW.featured, NEW.seller_latitude, NEW.seller_longitude, NEW.created_at, NEW.expires_at, NEW.images ->> 0,
         NEW.is_published, NEW.sold_at, NEW.hidden_for_review_at, NEW.boosted_until)
      IS DISTINCT FROM
        (OLD.vehicle_type, OLD.make, OLD.model, OLD.variant, OLD.category, OLD.fuel_type, OLD.transmission, OLD.condition,
         OLD.drive_type, OLD.color, OLD.seller_id, OLD.seller_name, OLD.seller_location, OLD.seller_type, OLD.mileage, OLD.operating_hours,
         OLD.year, OLD.engine_size, OLD.engine_power_hp, OLD.duty_paid, OLD.papers_ready, OLD.verified_dealer, OLD.phone_verified, OLD.location,
         OLD.region, OLD.featured, OLD.seller_latitude, OLD.seller_longitude, OLD.created_at, OLD.expires_at, OLD.images ->> 0,
         OLD.is_published, OLD.sold_at, OLD.hidden_for_review_at, OLD.boosted_until)
      -- The sweep flags a listing expired (no change a device must hear of); only undoing it is one.
      OR (OLD.is_expired AND NOT NEW.is_expired) THEN
    -- A change written without a revision of its own (an operator's SQL) is known to no device: null
    -- until the listing's next revision, which then sends it in full.
    NEW.summary_revision := CASE WHEN NEW.revision IS DISTINCT FROM OLD.revision THEN NEW.revision END;
  ELSIF NEW.summary_revision IS NULL AND NEW.revision IS DISTINCT FROM OLD.revision THEN
    NEW.summary_revision := NEW.revision;
  END IF;
  RETURN NEW;
END;
$$;
