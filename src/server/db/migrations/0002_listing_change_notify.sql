-- Every change to listings or tombstones notifies 'motokari_listings' when its transaction commits,
-- whoever made it (this server, another instance, an operator's SQL), so each server's in-memory
-- search index knows when to catch up instead of asking the database before every search.
CREATE FUNCTION motokari_notify_listing_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('motokari_listings', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Only updates that set a new revision: a view count changes nothing a search or a mirror sees.
CREATE TRIGGER vehicles_notify_change AFTER INSERT OR UPDATE OF revision OR DELETE OR TRUNCATE ON vehicles
  FOR EACH STATEMENT EXECUTE FUNCTION motokari_notify_listing_change();
--> statement-breakpoint
CREATE TRIGGER vehicle_tombstones_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON vehicle_tombstones
  FOR EACH STATEMENT EXECUTE FUNCTION motokari_notify_listing_change();
