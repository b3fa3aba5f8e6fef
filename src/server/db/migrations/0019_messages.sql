-- Messages between a listing's buyer and its seller (issue 37). A conversation belongs to one listing
-- and one buyer; it keeps the listing's title and has no foreign key to the listing, so a deleted
-- listing keeps its conversations. Each message's id is the client's (the outbox's replay key).
CREATE TABLE "conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"listing_title" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"buyer_read_at" timestamp (3) with time zone,
	"seller_read_at" timestamp (3) with time zone,
	"reported_at" timestamp (3) with time zone,
	"reported_by" uuid,
	"report_reason" text,
	"reported_message_id" uuid
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"conversation_id" uuid NOT NULL,
	"sender_id" uuid NOT NULL,
	"text" text NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"warning" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_blocks" (
	"blocker_id" uuid NOT NULL,
	"blocked_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_blocks_blocker_id_blocked_id_pk" PRIMARY KEY("blocker_id","blocked_id")
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_blocks" ADD CONSTRAINT "user_blocks_blocker_id_users_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_blocks" ADD CONSTRAINT "user_blocks_blocked_id_users_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_vehicle_buyer_key" ON "conversations" USING btree ("vehicle_id","buyer_id");--> statement-breakpoint
CREATE INDEX "conversations_buyer_idx" ON "conversations" USING btree ("buyer_id");--> statement-breakpoint
CREATE INDEX "conversations_seller_idx" ON "conversations" USING btree ("seller_id");--> statement-breakpoint
CREATE INDEX "conversations_reported_idx" ON "conversations" USING btree ("reported_at") WHERE "conversations"."reported_at" is not null;--> statement-breakpoint
CREATE INDEX "messages_conversation_created_idx" ON "messages" USING btree ("conversation_id","created_at");--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "contact_preference" text DEFAULT 'phone' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "message_emails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_contact_preference_check" CHECK ("users"."contact_preference" in ('phone', 'messages'));--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "contact_preference" text;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_contact_preference_check" CHECK ("vehicles"."contact_preference" is null or "vehicles"."contact_preference" in ('phone', 'messages'));--> statement-breakpoint
ALTER TABLE "listing_events" DROP CONSTRAINT "listing_events_kind_check";--> statement-breakpoint
ALTER TABLE "listing_events" ADD CONSTRAINT "listing_events_kind_check" CHECK ("listing_events"."kind" in ('view', 'contact', 'favourite', 'share', 'message'));--> statement-breakpoint
-- Every new message and every change of a read time is announced on 'motokari_messages', so each
-- server instance's live channel (its one LISTEN connection) tells the two people at once.
CREATE OR REPLACE FUNCTION motokari_message_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  c record;
BEGIN
  IF TG_TABLE_NAME = 'messages' THEN
    SELECT id, buyer_id, seller_id INTO c FROM conversations WHERE id = NEW.conversation_id;
    PERFORM pg_notify('motokari_messages', json_build_object('kind', 'message', 'conversation_id', NEW.conversation_id,
      'message_id', NEW.id, 'buyer_id', c.buyer_id, 'seller_id', c.seller_id)::text);
  ELSE
    PERFORM pg_notify('motokari_messages', json_build_object('kind', 'read', 'conversation_id', NEW.id,
      'message_id', NULL, 'buyer_id', NEW.buyer_id, 'seller_id', NEW.seller_id)::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER motokari_messages_insert_notify AFTER INSERT ON messages FOR EACH ROW EXECUTE FUNCTION motokari_message_notify();
--> statement-breakpoint
CREATE TRIGGER motokari_conversations_read_notify AFTER UPDATE OF buyer_read_at, seller_read_at ON conversations FOR EACH ROW
  WHEN (OLD.buyer_read_at IS DISTINCT FROM NEW.buyer_read_at OR OLD.seller_read_at IS DISTINCT FROM NEW.seller_read_at) EXECUTE FUNCTION motokari_message_notify();
