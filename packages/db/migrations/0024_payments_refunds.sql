CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"idempotency_key" text,
	"stripe_key" uuid DEFAULT gen_random_uuid() NOT NULL,
	"stripe_refund_id" text,
	"failure_message" text,
	"settled_at" timestamp with time zone,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credit_memos" ADD COLUMN "source_payment_id" integer;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "refund_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "stripe_key" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_idempotency_key" ON "refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_stripe_key" ON "refunds" USING btree ("stripe_key");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_stripe_refund_key" ON "refunds" USING btree ("stripe_refund_id");--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_memos_source_payment_key" ON "credit_memos" USING btree ("source_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_stripe_key" ON "payments" USING btree ("stripe_key");--> statement-breakpoint
CREATE INDEX "payments_open_idx" ON "payments" USING btree ("milestone_id") WHERE status in ('PENDING', 'PROCESSING');