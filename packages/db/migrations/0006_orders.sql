CREATE TABLE "bound_discounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer,
	"company_id" integer,
	"percentage" integer NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"percentage" integer,
	"amount" integer,
	"valid_from" date,
	"valid_to" date,
	"usage_limit" integer,
	"times_used" integer DEFAULT 0 NOT NULL,
	"minimum_total" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"discount_percentage" integer,
	"milestones" jsonb NOT NULL,
	"business_only" boolean DEFAULT false NOT NULL,
	"valid_from" date,
	"valid_to" date,
	"is_active" boolean DEFAULT true NOT NULL,
	"index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "surcharges" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"percentage" integer,
	"amount" integer,
	"payment_method" text,
	"applies_below" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"author_id" integer,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text DEFAULT 'application/octet-stream' NOT NULL,
	"size" integer DEFAULT 0 NOT NULL,
	"status" text,
	"uploaded_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"wood_species_id" integer,
	"finish_option_id" integer,
	"base_door_style_id" integer,
	"wall_door_style_id" integer,
	"tall_door_style_id" integer,
	"drawer_style_id" integer,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"subtotal" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"position" integer NOT NULL,
	"client_id" text NOT NULL,
	"parent_client_id" text,
	"is_attachment" boolean DEFAULT false NOT NULL,
	"line_item_id" integer,
	"qty" integer NOT NULL,
	"hinge" text,
	"finished_side_id" integer,
	"manufacturer_code" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"base_category" text,
	"width" double precision,
	"height" double precision,
	"depth" double precision,
	"nb_door" integer DEFAULT 0 NOT NULL,
	"nb_drawer" integer DEFAULT 0 NOT NULL,
	"nb_shelf" integer DEFAULT 0 NOT NULL,
	"finish" text DEFAULT '' NOT NULL,
	"unit_price" integer NOT NULL,
	"total_price" bigint DEFAULT 0 NOT NULL,
	"final_price" integer DEFAULT 0 NOT NULL,
	"total_final_price" bigint DEFAULT 0 NOT NULL,
	"breakdown" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"author_id" integer,
	"note" text NOT NULL,
	"is_resolved" boolean DEFAULT false NOT NULL,
	"resolved_by_id" integer,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_todos" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"text" text NOT NULL,
	"is_completed" boolean DEFAULT false NOT NULL,
	"created_by_id" integer,
	"completed_by_id" integer,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"po_number" text,
	"status" text DEFAULT 'BID' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"customer_id" integer NOT NULL,
	"company_id" integer,
	"created_by_id" integer,
	"in_editing_mode" boolean DEFAULT false NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"warning_count" integer DEFAULT 0 NOT NULL,
	"item_count" integer DEFAULT 0 NOT NULL,
	"has_payments_made" boolean DEFAULT false NOT NULL,
	"custom_discount_amount" integer,
	"custom_discount_percentage" integer,
	"custom_discount_notes" text DEFAULT '' NOT NULL,
	"discount_code_id" integer,
	"discount_code_claimed" boolean DEFAULT false NOT NULL,
	"bypass_payment_option_discount" boolean DEFAULT false NOT NULL,
	"customer_payment_option_id" integer,
	"subtotal" bigint DEFAULT 0 NOT NULL,
	"customer_discount_amount" bigint DEFAULT 0 NOT NULL,
	"total_after_customer_discount" bigint DEFAULT 0 NOT NULL,
	"order_discount" bigint DEFAULT 0 NOT NULL,
	"total_after_discount" bigint DEFAULT 0 NOT NULL,
	"surcharge" bigint DEFAULT 0 NOT NULL,
	"payment_option_discount" bigint DEFAULT 0 NOT NULL,
	"total_before_tax" bigint DEFAULT 0 NOT NULL,
	"sales_tax_in_percentage" integer DEFAULT 0 NOT NULL,
	"sales_tax_amount" bigint DEFAULT 0 NOT NULL,
	"total_after_tax" bigint DEFAULT 0 NOT NULL,
	"total_price" bigint DEFAULT 0 NOT NULL,
	"pricing_steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"priced_at" timestamp with time zone,
	"requested_date" date,
	"due_date" date,
	"completion_preference" text,
	"job_priority" text,
	"shipping_method" text,
	"billing_address_id" integer,
	"shipping_address_id" integer,
	"billing_address" jsonb,
	"shipping_address" jsonb,
	"delivery_notes" text DEFAULT '' NOT NULL,
	"delivery_contact_name" text DEFAULT '' NOT NULL,
	"delivery_contact_phone" text DEFAULT '' NOT NULL,
	"payment_method" text,
	"bank_id" integer,
	"terms_accepted_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"submitted_by_id" integer,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bound_discounts" ADD CONSTRAINT "bound_discounts_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bound_discounts" ADD CONSTRAINT "bound_discounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_comments" ADD CONSTRAINT "order_comments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_comments" ADD CONSTRAINT "order_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_files" ADD CONSTRAINT "order_files_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_files" ADD CONSTRAINT "order_files_uploaded_by_id_users_id_fk" FOREIGN KEY ("uploaded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_groups" ADD CONSTRAINT "order_groups_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_groups" ADD CONSTRAINT "order_groups_wood_species_id_premiums_id_fk" FOREIGN KEY ("wood_species_id") REFERENCES "public"."premiums"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_groups" ADD CONSTRAINT "order_groups_finish_option_id_premiums_id_fk" FOREIGN KEY ("finish_option_id") REFERENCES "public"."premiums"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_groups" ADD CONSTRAINT "order_groups_base_door_style_id_premiums_id_fk" FOREIGN KEY ("base_door_style_id") REFERENCES "public"."premiums"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_groups" ADD CONSTRAINT "order_groups_wall_door_style_id_premiums_id_fk" FOREIGN KEY ("wall_door_style_id") REFERENCES "public"."premiums"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_groups" ADD CONSTRAINT "order_groups_tall_door_style_id_premiums_id_fk" FOREIGN KEY ("tall_door_style_id") REFERENCES "public"."premiums"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_groups" ADD CONSTRAINT "order_groups_drawer_style_id_premiums_id_fk" FOREIGN KEY ("drawer_style_id") REFERENCES "public"."premiums"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_group_id_order_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."order_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_line_item_id_line_items_id_fk" FOREIGN KEY ("line_item_id") REFERENCES "public"."line_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_finished_side_id_premiums_id_fk" FOREIGN KEY ("finished_side_id") REFERENCES "public"."premiums"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_notes" ADD CONSTRAINT "order_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_notes" ADD CONSTRAINT "order_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_notes" ADD CONSTRAINT "order_notes_resolved_by_id_users_id_fk" FOREIGN KEY ("resolved_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_todos" ADD CONSTRAINT "order_todos_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_todos" ADD CONSTRAINT "order_todos_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_todos" ADD CONSTRAINT "order_todos_completed_by_id_users_id_fk" FOREIGN KEY ("completed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_payment_option_id_payment_options_id_fk" FOREIGN KEY ("customer_payment_option_id") REFERENCES "public"."payment_options"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_billing_address_id_addresses_id_fk" FOREIGN KEY ("billing_address_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shipping_address_id_addresses_id_fk" FOREIGN KEY ("shipping_address_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_submitted_by_id_users_id_fk" FOREIGN KEY ("submitted_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bound_discounts_customer_key" ON "bound_discounts" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bound_discounts_company_key" ON "bound_discounts" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_code_key" ON "discount_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "surcharges_method_idx" ON "surcharges" USING btree ("payment_method");--> statement-breakpoint
CREATE INDEX "order_comments_order_idx" ON "order_comments" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_files_order_idx" ON "order_files" USING btree ("order_id","kind","id");--> statement-breakpoint
CREATE INDEX "order_groups_order_idx" ON "order_groups" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id","group_id","position");--> statement-breakpoint
CREATE INDEX "order_items_line_item_idx" ON "order_items" USING btree ("line_item_id");--> statement-breakpoint
CREATE INDEX "order_notes_order_idx" ON "order_notes" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_todos_order_idx" ON "order_todos" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_todos_open_idx" ON "order_todos" USING btree ("is_completed","id");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_customer_created_idx" ON "orders" USING btree ("customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_company_created_idx" ON "orders" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_due_idx" ON "orders" USING btree ("due_date");--> statement-breakpoint
CREATE INDEX "orders_name_trgm_idx" ON "orders" USING gin ("name" gin_trgm_ops);