ALTER TABLE "credit_memos" ADD COLUMN "refund_id" integer;--> statement-breakpoint
ALTER TABLE "credit_memos" ADD COLUMN "tax" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "tax_state" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "tax_rate" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "credit_note" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_memos_refund_key" ON "credit_memos" USING btree ("refund_id");--> statement-breakpoint
-- Hand-written (decision 0044): invoices issued before this migration take the state and rate
-- their order was taxed at (the order's last pricing; exact unless a version was repriced at
-- another rate).
UPDATE "invoices" i SET "tax_state" = o."frozen_rules"->>'taxState', "tax_rate" = o."sales_tax_in_percentage"
FROM "orders" o WHERE o."id" = i."order_id";
