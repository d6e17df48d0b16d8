CREATE TABLE "order_plans" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"planned_date" date NOT NULL,
	"planned_by_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_plans" ADD CONSTRAINT "order_plans_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_plans" ADD CONSTRAINT "order_plans_planned_by_id_users_id_fk" FOREIGN KEY ("planned_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_plans_date_idx" ON "order_plans" USING btree ("planned_date","order_id");--> statement-breakpoint
-- hand-written below: partial indexes on orders for the production reports and charts (decision
-- 0031); kept out of schema/orders.ts, which the reports module does not own.
CREATE INDEX IF NOT EXISTS "orders_open_due_idx" ON "orders" USING btree ("due_date","id") WHERE "status" IN ('ORDERED','VERIFIED','IN_PROGRESS','PARTIALLY_COMPLETED');--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_completed_at_idx" ON "orders" USING btree ("completed_at","id") WHERE "completed_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_shipped_at_idx" ON "orders" USING btree ("shipped_at") WHERE "shipped_at" IS NOT NULL;
--> statement-breakpoint
-- The planner's cabinets per order (sum of qty) from the index alone (decision 0031).
CREATE INDEX IF NOT EXISTS "order_items_order_qty_idx" ON "order_items" USING btree ("order_id") INCLUDE ("qty");
