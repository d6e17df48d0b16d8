ALTER TABLE "scans" ADD COLUMN "undone_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "undone_by" integer;--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "undo_reason" text;--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_undone_by_users_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scans_scanned_at_idx" ON "scans" USING btree ("scanned_at");