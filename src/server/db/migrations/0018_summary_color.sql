-- The summary carries each listing's colour (the colour filter, src/domain/search/fields.ts): the trigger
-- that keeps summary_revision (migration 0017) compares it too, so a new colour reaches devices as a
-- changed summary, not as a price alone. Listings whose colour the devices do not hold yet are sent whole
-- when a device downloads its copy again (an app that searches the colour does, once).
CREATE OR REPLACE FUNCTION motokari_summary_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.summary_revision := NEW.revision;
  ELSIF (NEW.vehicle_type, NEW.make, NEW.model, NEW.variant, NEW.category, NEW.fuel_type, NEW.transmission, NEW.condition,
         NEW.drive_type, NEW.color, NEW.seller_id, NEW.seller_name, NEW.seller_location, NEW.seller_type, NEW.mileage, NEW.operating_hours,
         NEW.year, NEW.engine_size, NEW.engine_power_hp, NEW.duty_paid, NEW.papers_ready, NEW.verified_dealer, NEW.location,
         NEW.region, NEW.featured, NEW.seller_latitude, NEW.seller_longitude, NEW.created_at, NEW.expires_at, NEW.images ->> 0,
         NEW.is_published, NEW.sold_at, NEW.hidden_for_review_at)
      IS DISTINCT FROM
        (OLD.vehicle_type, OLD.make, OLD.model, OLD.variant, OLD.category, OLD.fuel_type, OLD.transmission, OLD.condition,
         OLD.drive_type, OLD.color, OLD.seller_id, OLD.seller_name, OLD.seller_location, OLD.seller_type, OLD.mileage, OLD.operating_hours,
         OLD.year, OLD.engine_size, OLD.engine_power_hp, OLD.duty_paid, OLD.papers_ready, OLD.verified_dealer, OLD.location,
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
