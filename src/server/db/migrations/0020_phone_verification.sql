-- Verified phones (issue 37): when an account's phone was verified by an SMS code (null: not verified, or
-- changed since), the codes sent (hashed, with their tries), and the seller's badge kept on each listing
-- like verified_dealer, so searches, the summary feed and offline copies read it. The summary trigger
-- compares the badge too, so a listing's new badge reaches devices as a changed summary.
ALTER TABLE "users" ADD COLUMN "phone_verified_at" timestamp (3) with time zone;--> statement-breakpoint
CREATE TABLE "phone_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "phone_codes" ADD CONSTRAINT "phone_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "phone_codes_user_idx" ON "phone_codes" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "phone_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION motokari_summary_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.summary_revision := NEW.revision;
  ELSIF (NEW.vehicle_type, NEW.make, NEW.model, NEW.variant, NEW.category, NEW.fuel_type, NEW.transmission, NEW.condition,
         NEW.drive_type, NEW.color, NEW.seller_id, NEW.seller_name, NEW.seller_location, NEW.seller_type, NEW.mileage, NEW.operating_hours,
         NEW.year, NEW.engine_size, NEW.engine_power_hp, NEW.duty_paid, NEW.papers_ready, NEW.verified_dealer, NEW.phone_verified, NEW.location,
         NEW.region, NEW.featured, NEW.seller_latitude, NEW.seller_longitude, NEW.created_at, NEW.expires_at, NEW.images ->> 0,
         NEW.is_published, NEW.sold_at, NEW.hidden_for_review_at)
      IS DISTINCT FROM
        (OLD.vehicle_type, OLD.make, OLD.model, OLD.variant, OLD.category, OLD.fuel_type, OLD.transmission, OLD.condition,
         OLD.drive_type, OLD.color, OLD.seller_id, OLD.seller_name, OLD.seller_location, OLD.seller_type, OLD.mileage, OLD.operating_hours,
         OLD.year, OLD.engine_size, OLD.engine_power_hp, OLD.duty_paid, OLD.papers_ready, OLD.verified_dealer, OLD.phone_verified, OLD.location,
         OLD.region, OLD.featured, OLD.seller_latitude, OLD.seller_longitude, OLD.created_at, OLD.expires_at, OLD.images ->> 0,
         OLD.is_published, OLD.sold_at, OLD.hidden_for_review_at)
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
--> statement-breakpoint
-- A changed phone is not the verified one: wherever the number is edited, the account loses its
-- verification and its listings their badge (each with a revision of its own, taken under the
-- listing-write lock of src/server/repositories/vehicles/writes.ts so revisions commit in order), until
-- the new number is verified. Verifying sets the number and the time together and is left alone.
CREATE FUNCTION motokari_phone_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.phone IS DISTINCT FROM OLD.phone AND OLD.phone_verified_at IS NOT NULL
     AND NEW.phone_verified_at IS NOT DISTINCT FROM OLD.phone_verified_at THEN
    NEW.phone_verified_at := NULL;
    PERFORM pg_advisory_xact_lock(7318001);
    UPDATE vehicles SET phone_verified = false, revision = nextval('listing_revision_seq')
      WHERE seller_id = NEW.id AND phone_verified;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_phone_changed BEFORE UPDATE OF phone ON users
  FOR EACH ROW EXECUTE FUNCTION motokari_phone_changed();
