-- A person's tokens revoked ("Sign out on all devices", a new password) or the account deleted is
-- announced on 'motokari_messages' too, so each instance's live channel closes that person's open
-- sockets at once instead of at their next sign-in (src/server/live/liveHub.ts).
CREATE OR REPLACE FUNCTION motokari_live_signout_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('motokari_messages', json_build_object('kind', 'signout', 'user_id', OLD.id)::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER motokari_users_signout_notify AFTER UPDATE OF token_version ON users FOR EACH ROW
  WHEN (OLD.token_version IS DISTINCT FROM NEW.token_version) EXECUTE FUNCTION motokari_live_signout_notify();
--> statement-breakpoint
CREATE TRIGGER motokari_users_deleted_notify AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION motokari_live_signout_notify();
