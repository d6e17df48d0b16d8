ALTER TABLE "scans" ADD COLUMN "received_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Scans recorded before issue 29 arrived when they were scanned.
UPDATE "scans" SET "received_at" = "scanned_at";
