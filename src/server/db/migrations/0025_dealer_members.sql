CREATE TABLE "dealer_invites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dealer_id" uuid NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"accepted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "dealer_members" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"dealer_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "dealer_invites" ADD CONSTRAINT "dealer_invites_dealer_id_users_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_members" ADD CONSTRAINT "dealer_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_members" ADD CONSTRAINT "dealer_members_dealer_id_users_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dealer_invites_token_key" ON "dealer_invites" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "dealer_invites_dealer_idx" ON "dealer_invites" USING btree ("dealer_id");--> statement-breakpoint
CREATE INDEX "dealer_members_dealer_idx" ON "dealer_members" USING btree ("dealer_id");--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vehicles_created_by_idx" ON "vehicles" USING btree ("created_by") WHERE "vehicles"."created_by" is not null;--> statement-breakpoint
CREATE INDEX "vehicles_updated_by_idx" ON "vehicles" USING btree ("updated_by") WHERE "vehicles"."updated_by" is not null;