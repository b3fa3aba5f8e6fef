CREATE TABLE "listing_words" (
	"token" text PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "words_tokens" text[];--> statement-breakpoint
CREATE UNIQUE INDEX "listing_words_seq_key" ON "listing_words" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "vehicles_words_tokens_idx" ON "vehicles" USING gin ("words_tokens");--> statement-breakpoint
CREATE INDEX "vehicles_words_pending_idx" ON "vehicles" USING btree ("id") WHERE "vehicles"."words_tokens" is null;--> statement-breakpoint
-- A listing's words (words_tokens) are written by the server (src/server/search/listingWords.ts), which
-- writes those that are null before each words search. Any update that changes a words field without
-- writing the words makes them null, whoever makes it (this server, another instance, an operator's SQL).
CREATE FUNCTION motokari_listing_words_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.make, NEW.model, NEW.variant, NEW.year, NEW.location, NEW.region, NEW.seller_name, NEW.description, NEW.color)
      IS DISTINCT FROM (OLD.make, OLD.model, OLD.variant, OLD.year, OLD.location, OLD.region, OLD.seller_name, OLD.description, OLD.color)
    AND NEW.words_tokens IS NOT DISTINCT FROM OLD.words_tokens THEN
    NEW.words_tokens := NULL;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER vehicles_words_changed BEFORE UPDATE OF make, model, variant, year, location, region, seller_name, description, color ON vehicles
  FOR EACH ROW EXECUTE FUNCTION motokari_listing_words_changed();
