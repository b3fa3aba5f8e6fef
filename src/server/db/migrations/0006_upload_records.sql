CREATE TABLE "uploads" (
	"media_key" text PRIMARY KEY NOT NULL,
	"uploader_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "uploads_created_idx" ON "uploads" USING btree ("created_at");