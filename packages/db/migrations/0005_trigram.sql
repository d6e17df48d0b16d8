CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "line_items_code_trgm_idx" ON "line_items" USING gin ("manufacturer_code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "line_items_description_trgm_idx" ON "line_items" USING gin ("description" gin_trgm_ops);