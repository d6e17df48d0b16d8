ALTER TABLE "payments" ADD COLUMN "receipt" jsonb;--> statement-breakpoint
CREATE INDEX "payments_reference_trgm_idx" ON "payments" USING gin ("reference" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "payments_amount_idx" ON "payments" USING btree ("amount");--> statement-breakpoint
CREATE INDEX "payments_received_on_idx" ON "payments" USING btree ("received_on");--> statement-breakpoint
CREATE INDEX "payments_received_idx" ON "payments" USING btree (coalesce("received_at", "created_at"));