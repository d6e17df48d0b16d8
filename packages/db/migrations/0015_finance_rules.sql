CREATE TABLE "account_charge_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer,
	"company_id" integer,
	"interest_enabled" boolean DEFAULT false NOT NULL,
	"interest_monthly" integer DEFAULT 0 NOT NULL,
	"interest_grace_days" integer DEFAULT 0 NOT NULL,
	"storage_enabled" boolean DEFAULT false NOT NULL,
	"storage_daily_amount" integer DEFAULT 0 NOT NULL,
	"storage_free_days" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_charge_settings_one_owner" CHECK (("account_charge_settings"."customer_id" is null) <> ("account_charge_settings"."company_id" is null))
);
--> statement-breakpoint
CREATE TABLE "payment_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_option_id" integer NOT NULL,
	"account_type" text,
	"company_id" integer,
	"min_total" integer,
	"max_total" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_name" text NOT NULL,
	"day" date NOT NULL,
	"status" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_discount_code_id_discount_codes_id_fk";
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_customer_payment_option_id_payment_options_id_fk";
--> statement-breakpoint
ALTER TABLE "account_charge_settings" ADD CONSTRAINT "account_charge_settings_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_charge_settings" ADD CONSTRAINT "account_charge_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_rules" ADD CONSTRAINT "payment_rules_payment_option_id_payment_options_id_fk" FOREIGN KEY ("payment_option_id") REFERENCES "public"."payment_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_rules" ADD CONSTRAINT "payment_rules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_charge_settings_customer_key" ON "account_charge_settings" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "account_charge_settings_company_key" ON "account_charge_settings" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "payment_rules_option_idx" ON "payment_rules" USING btree ("payment_option_id");--> statement-breakpoint
CREATE UNIQUE INDEX "job_runs_job_day_key" ON "job_runs" USING btree ("job_name","day");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_payment_option_id_payment_options_id_fk" FOREIGN KEY ("customer_payment_option_id") REFERENCES "public"."payment_options"("id") ON DELETE restrict ON UPDATE no action;