CREATE TABLE "proposal_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"user_id" integer,
	"display_name" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"licence_number" text DEFAULT '' NOT NULL,
	"default_markup" integer DEFAULT 0 NOT NULL,
	"default_terms" text DEFAULT '' NOT NULL,
	"tax_rate" integer DEFAULT 0 NOT NULL,
	"validity_days" integer DEFAULT 30 NOT NULL,
	"accept_action" text DEFAULT 'LEAVE' NOT NULL,
	"logo_path" text,
	"logo_type" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proposals" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"company_id" integer,
	"created_by_id" integer,
	"token" text NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"client" jsonb NOT NULL,
	"markup" integer NOT NULL,
	"group_markups" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"line_overrides" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"extra_lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tax_rate" integer NOT NULL,
	"valid_until" date NOT NULL,
	"terms" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"order_version" integer NOT NULL,
	"subtotal" bigint NOT NULL,
	"tax" bigint NOT NULL,
	"total" bigint NOT NULL,
	"cost_total" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"viewed_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"accepted_name" text,
	"accepted_ip" text,
	"accepted_user_agent" text,
	"accepted_hash" text,
	"decline_note" text DEFAULT '' NOT NULL,
	"previous_id" integer
);
--> statement-breakpoint
ALTER TABLE "proposal_settings" ADD CONSTRAINT "proposal_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_settings" ADD CONSTRAINT "proposal_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_previous_id_proposals_id_fk" FOREIGN KEY ("previous_id") REFERENCES "public"."proposals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "proposal_settings_company_key" ON "proposal_settings" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "proposal_settings_user_key" ON "proposal_settings" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "proposals_token_key" ON "proposals" USING btree ("token");--> statement-breakpoint
CREATE INDEX "proposals_order_idx" ON "proposals" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "proposals_customer_idx" ON "proposals" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "proposals_company_idx" ON "proposals" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "proposals_status_idx" ON "proposals" USING btree ("status","valid_until");