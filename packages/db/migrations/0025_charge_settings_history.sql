CREATE TABLE "account_charge_settings_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer,
	"company_id" integer,
	"effective_from" date NOT NULL,
	"interest_enabled" boolean NOT NULL,
	"interest_monthly" integer NOT NULL,
	"interest_grace_days" integer NOT NULL,
	"storage_enabled" boolean NOT NULL,
	"storage_daily_amount" integer NOT NULL,
	"storage_free_days" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_charge_settings_history_one_owner" CHECK (("account_charge_settings_history"."customer_id" is null) <> ("account_charge_settings_history"."company_id" is null))
);
--> statement-breakpoint
ALTER TABLE "account_charge_settings_history" ADD CONSTRAINT "account_charge_settings_history_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_charge_settings_history" ADD CONSTRAINT "account_charge_settings_history_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_charge_settings_history_customer_key" ON "account_charge_settings_history" USING btree ("customer_id","effective_from");--> statement-breakpoint
CREATE UNIQUE INDEX "account_charge_settings_history_company_key" ON "account_charge_settings_history" USING btree ("company_id","effective_from");--> statement-breakpoint
-- The settings stored before this migration held from the day they were last changed (UTC).
INSERT INTO "account_charge_settings_history" ("customer_id", "company_id", "effective_from", "interest_enabled", "interest_monthly", "interest_grace_days", "storage_enabled", "storage_daily_amount", "storage_free_days")
SELECT "customer_id", "company_id", ("updated_at" AT TIME ZONE 'UTC')::date, "interest_enabled", "interest_monthly", "interest_grace_days", "storage_enabled", "storage_daily_amount", "storage_free_days"
FROM "account_charge_settings";
