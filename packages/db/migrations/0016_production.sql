CREATE TABLE "cabinets" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"order_item_id" integer,
	"line_no" integer NOT NULL,
	"unit_no" integer NOT NULL,
	"barcode" text NOT NULL,
	"manufacturer_code" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"completed_by" integer,
	"completed_session_id" integer,
	"shipped_at" timestamp with time zone,
	"shipped_by" integer,
	"shipped_session_id" integer
);
--> statement-breakpoint
CREATE TABLE "scan_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"station" text,
	"opened_by" integer,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "scan_sessions_type_check" CHECK ("scan_sessions"."type" in ('PRODUCTION', 'SHIPPING', 'AUDIT'))
);
--> statement-breakpoint
CREATE TABLE "scans" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"code" text NOT NULL,
	"client_scan_id" text,
	"result" text NOT NULL,
	"cabinet_id" integer,
	"order_id" integer,
	"scanned_by" integer,
	"scanned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scans_result_check" CHECK ("scans"."result" in ('OK', 'DUPLICATE', 'UNKNOWN', 'WRONG_STATE'))
);
--> statement-breakpoint
ALTER TABLE "cabinets" ADD CONSTRAINT "cabinets_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cabinets" ADD CONSTRAINT "cabinets_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cabinets" ADD CONSTRAINT "cabinets_completed_by_users_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cabinets" ADD CONSTRAINT "cabinets_completed_session_id_scan_sessions_id_fk" FOREIGN KEY ("completed_session_id") REFERENCES "public"."scan_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cabinets" ADD CONSTRAINT "cabinets_shipped_by_users_id_fk" FOREIGN KEY ("shipped_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cabinets" ADD CONSTRAINT "cabinets_shipped_session_id_scan_sessions_id_fk" FOREIGN KEY ("shipped_session_id") REFERENCES "public"."scan_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_sessions" ADD CONSTRAINT "scan_sessions_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_session_id_scan_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."scan_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_cabinet_id_cabinets_id_fk" FOREIGN KEY ("cabinet_id") REFERENCES "public"."cabinets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_scanned_by_users_id_fk" FOREIGN KEY ("scanned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cabinets_barcode_key" ON "cabinets" USING btree ("barcode");--> statement-breakpoint
CREATE INDEX "cabinets_order_idx" ON "cabinets" USING btree ("order_id","completed_at","shipped_at");--> statement-breakpoint
CREATE INDEX "cabinets_completed_idx" ON "cabinets" USING btree ("completed_at") WHERE "cabinets"."completed_at" is not null;--> statement-breakpoint
CREATE INDEX "cabinets_shipped_idx" ON "cabinets" USING btree ("shipped_at") WHERE "cabinets"."shipped_at" is not null;--> statement-breakpoint
CREATE INDEX "scan_sessions_opened_idx" ON "scan_sessions" USING btree ("opened_at");--> statement-breakpoint
CREATE INDEX "scans_session_idx" ON "scans" USING btree ("session_id","id");--> statement-breakpoint
CREATE INDEX "scans_order_idx" ON "scans" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "scans_client_scan_id_key" ON "scans" USING btree ("session_id","client_scan_id");