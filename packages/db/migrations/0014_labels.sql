CREATE TABLE "label_prints" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer,
	"session_id" integer,
	"mode" text NOT NULL,
	"keys" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"label_count" integer DEFAULT 0 NOT NULL,
	"printed_by_id" integer,
	"printed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "remakes" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"order_name" text NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"reason" text NOT NULL,
	"source" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"requested_by_id" integer,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by_id" integer,
	"decided_at" timestamp with time zone,
	"reject_reason" text,
	"charged" boolean DEFAULT false NOT NULL,
	"remake_order_id" integer,
	"remake_order_name" text
);
--> statement-breakpoint
ALTER TABLE "label_prints" ADD CONSTRAINT "label_prints_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "label_prints" ADD CONSTRAINT "label_prints_printed_by_id_users_id_fk" FOREIGN KEY ("printed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remakes" ADD CONSTRAINT "remakes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remakes" ADD CONSTRAINT "remakes_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remakes" ADD CONSTRAINT "remakes_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remakes" ADD CONSTRAINT "remakes_remake_order_id_orders_id_fk" FOREIGN KEY ("remake_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "label_prints_order_idx" ON "label_prints" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "label_prints_session_idx" ON "label_prints" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "remakes_status_requested_idx" ON "remakes" USING btree ("status","requested_at","id");--> statement-breakpoint
CREATE INDEX "remakes_order_idx" ON "remakes" USING btree ("order_id","id");