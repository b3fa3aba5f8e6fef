CREATE SEQUENCE "public"."listing_revision_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "catalogue_makes" (
	"id" serial PRIMARY KEY NOT NULL,
	"vehicle_type" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_models" (
	"id" serial PRIMARY KEY NOT NULL,
	"make_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_variants" (
	"id" serial PRIMARY KEY NOT NULL,
	"model_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"principal" text NOT NULL,
	"key" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer,
	"response_body" text,
	"response_type" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_principal_key_pk" PRIMARY KEY("principal","key")
);
--> statement-breakpoint
CREATE TABLE "meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"method" text NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text NOT NULL,
	"poll_url" text,
	"plan" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"msisdn" text,
	"message" text,
	"test_mode" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('pending', 'succeeded', 'failed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"location" text,
	"region" text,
	"area" text,
	"latitude" double precision,
	"longitude" double precision,
	"user_type" text DEFAULT 'private' NOT NULL,
	"business_name" text,
	"password_hash" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_user_type_check" CHECK ("users"."user_type" in ('admin', 'dealer', 'private'))
);
--> statement-breakpoint
CREATE TABLE "vehicle_tombstones" (
	"vehicle_id" uuid PRIMARY KEY NOT NULL,
	"revision" bigint NOT NULL,
	"deleted_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vehicle_type" text NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"variant" text,
	"year" integer NOT NULL,
	"price" double precision,
	"mileage" integer,
	"operating_hours" integer,
	"engine_size" double precision,
	"fuel_type" text,
	"transmission" text,
	"drive_type" text,
	"condition" text,
	"category" text,
	"color" text,
	"description" text,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"subscription_plan" text,
	"seller_id" uuid NOT NULL,
	"seller_name" text,
	"seller_phone" text,
	"seller_email" text,
	"seller_location" text,
	"location" text,
	"region" text,
	"seller_type" text,
	"seller_latitude" double precision,
	"seller_longitude" double precision,
	"is_published" boolean DEFAULT false NOT NULL,
	"is_expired" boolean DEFAULT false NOT NULL,
	"is_free_update" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp (3) with time zone,
	"first_published_at" timestamp (3) with time zone,
	"expires_at" timestamp (3) with time zone,
	"views" integer DEFAULT 0 NOT NULL,
	"revision" bigint NOT NULL,
	CONSTRAINT "vehicles_vehicle_type_check" CHECK ("vehicles"."vehicle_type" in ('car', 'construction', 'farming'))
);
--> statement-breakpoint
ALTER TABLE "catalogue_models" ADD CONSTRAINT "catalogue_models_make_id_catalogue_makes_id_fk" FOREIGN KEY ("make_id") REFERENCES "public"."catalogue_makes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_variants" ADD CONSTRAINT "catalogue_variants_model_id_catalogue_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."catalogue_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "catalogue_makes_type_name_key" ON "catalogue_makes" USING btree ("vehicle_type","name");--> statement-breakpoint
CREATE UNIQUE INDEX "catalogue_models_make_name_key" ON "catalogue_models" USING btree ("make_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "catalogue_variants_model_name_key" ON "catalogue_variants" USING btree ("model_id","name");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "password_resets_user_idx" ON "password_resets" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_ref_key" ON "payments" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE INDEX "payments_vehicle_idx" ON "payments" USING btree ("vehicle_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_tombstones_revision_key" ON "vehicle_tombstones" USING btree ("revision");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_revision_key" ON "vehicles" USING btree ("revision");--> statement-breakpoint
CREATE INDEX "vehicles_seller_idx" ON "vehicles" USING btree ("seller_id");--> statement-breakpoint
CREATE INDEX "vehicles_public_created_idx" ON "vehicles" USING btree ("created_at" DESC NULLS LAST,"id") WHERE "vehicles"."is_published" and not "vehicles"."is_expired";--> statement-breakpoint
CREATE INDEX "vehicles_public_make_model_idx" ON "vehicles" USING btree (lower("make"),lower("model")) WHERE "vehicles"."is_published" and not "vehicles"."is_expired";--> statement-breakpoint
CREATE INDEX "vehicles_public_type_price_idx" ON "vehicles" USING btree ("vehicle_type","price") WHERE "vehicles"."is_published" and not "vehicles"."is_expired";--> statement-breakpoint
CREATE INDEX "vehicles_public_coords_idx" ON "vehicles" USING btree ("seller_latitude","seller_longitude") WHERE "vehicles"."is_published" and not "vehicles"."is_expired";--> statement-breakpoint
CREATE INDEX "vehicles_expiry_idx" ON "vehicles" USING btree ("expires_at") WHERE "vehicles"."is_published" and not "vehicles"."is_expired";