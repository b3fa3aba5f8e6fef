CREATE TABLE "favourites" (
	"user_id" uuid NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"title" text,
	"saved_price" double precision,
	"notified_price" double precision,
	"gone_notified_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourites_user_id_vehicle_id_pk" PRIMARY KEY("user_id","vehicle_id")
);
--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "favourites_vehicle_idx" ON "favourites" USING btree ("vehicle_id");