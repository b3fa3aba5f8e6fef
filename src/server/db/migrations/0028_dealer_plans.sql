CREATE TABLE "dealer_plans" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"provider" text NOT NULL,
	"paid_until" timestamp (3) with time zone,
	"provider_customer_id" text,
	"provider_subscription_id" text,
	"client_secret" text,
	"reminded_for" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dealer_plans_method_check" CHECK ("dealer_plans"."method" in ('card', 'ecocash')),
	CONSTRAINT "dealer_plans_status_check" CHECK ("dealer_plans"."status" in ('pending', 'active', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "plan_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer NOT NULL,
	"user_id" uuid,
	"account_name" text NOT NULL,
	"account_email" text NOT NULL,
	"business_name" text,
	"business_registration" text,
	"business_address" text,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"period_start" timestamp (3) with time zone NOT NULL,
	"period_end" timestamp (3) with time zone NOT NULL,
	"method" text NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text NOT NULL,
	"issued_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text NOT NULL,
	"poll_url" text,
	"msisdn" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"message" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_payments_status_check" CHECK ("plan_payments"."status" in ('pending', 'succeeded', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "dealer_plans" ADD CONSTRAINT "dealer_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_invoices" ADD CONSTRAINT "plan_invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_payments" ADD CONSTRAINT "plan_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dealer_plans_subscription_key" ON "dealer_plans" USING btree ("provider","provider_subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_invoices_number_key" ON "plan_invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_invoices_provider_ref_key" ON "plan_invoices" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE INDEX "plan_invoices_user_idx" ON "plan_invoices" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_payments_provider_ref_key" ON "plan_payments" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE INDEX "plan_payments_user_idx" ON "plan_payments" USING btree ("user_id");