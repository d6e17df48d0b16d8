CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category_type" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "door_style_wood_species" (
	"door_style_id" integer NOT NULL,
	"wood_species_id" integer NOT NULL,
	CONSTRAINT "door_style_wood_species_door_style_id_wood_species_id_pk" PRIMARY KEY("door_style_id","wood_species_id")
);
--> statement-breakpoint
CREATE TABLE "images" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_kind" text NOT NULL,
	"owner_id" integer NOT NULL,
	"path" text NOT NULL,
	"thumbnail_path" text NOT NULL,
	"content_type" text NOT NULL,
	"index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "line_item_tags" (
	"line_item_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "line_item_tags_line_item_id_tag_id_pk" PRIMARY KEY("line_item_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "line_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"manufacturer_code" text NOT NULL,
	"price_cents" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category_id" integer,
	"base_category" text,
	"width" double precision,
	"height" double precision,
	"depth" double precision,
	"hinge" text DEFAULT 'None' NOT NULL,
	"nb_base_door" integer DEFAULT 0 NOT NULL,
	"nb_door_pull" integer DEFAULT 0 NOT NULL,
	"nb_drawer" integer DEFAULT 0 NOT NULL,
	"nb_drawer_pull" integer DEFAULT 0 NOT NULL,
	"nb_tall_door" integer DEFAULT 0 NOT NULL,
	"nb_wall_door" integer DEFAULT 0 NOT NULL,
	"nb_adjustable_shelf" integer DEFAULT 0 NOT NULL,
	"export_name_1" text DEFAULT '' NOT NULL,
	"export_name_2" text DEFAULT '' NOT NULL,
	"export_name_3" text DEFAULT '' NOT NULL,
	"export_name_4" text DEFAULT '' NOT NULL,
	"product_group_id" integer,
	"is_attachment" boolean DEFAULT false NOT NULL,
	"manual_work_required" boolean DEFAULT false NOT NULL,
	"export_with_finish_side" boolean DEFAULT false NOT NULL,
	"is_corner_cabinet" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "premium_categories" (
	"premium_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "premium_categories_premium_id_category_id_pk" PRIMARY KEY("premium_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "premium_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"premium_type" text NOT NULL,
	"index" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "premium_tags" (
	"premium_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "premium_tags_premium_id_tag_id_pk" PRIMARY KEY("premium_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "premiums" (
	"id" serial PRIMARY KEY NOT NULL,
	"premium_type" text NOT NULL,
	"code" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_cents" integer,
	"percentage_bp" integer,
	"export_name" text DEFAULT '' NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"index" integer DEFAULT 0 NOT NULL,
	"premium_group_id" integer,
	"export_category" integer,
	"use_finish_option_for_export" boolean DEFAULT false NOT NULL,
	"is_cabinet_construction_vertical" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"secondary_note" text DEFAULT '' NOT NULL,
	"shelf_note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subcategories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category_id" integer,
	"index" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subcategory_groups" (
	"subcategory_id" integer NOT NULL,
	"product_group_id" integer NOT NULL,
	"index" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "subcategory_groups_subcategory_id_product_group_id_pk" PRIMARY KEY("subcategory_id","product_group_id")
);
--> statement-breakpoint
CREATE TABLE "wood_species_finish_options" (
	"wood_species_id" integer NOT NULL,
	"finish_option_id" integer NOT NULL,
	CONSTRAINT "wood_species_finish_options_wood_species_id_finish_option_id_pk" PRIMARY KEY("wood_species_id","finish_option_id")
);
--> statement-breakpoint
ALTER TABLE "door_style_wood_species" ADD CONSTRAINT "door_style_wood_species_door_style_id_premiums_id_fk" FOREIGN KEY ("door_style_id") REFERENCES "public"."premiums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_style_wood_species" ADD CONSTRAINT "door_style_wood_species_wood_species_id_premiums_id_fk" FOREIGN KEY ("wood_species_id") REFERENCES "public"."premiums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_item_tags" ADD CONSTRAINT "line_item_tags_line_item_id_line_items_id_fk" FOREIGN KEY ("line_item_id") REFERENCES "public"."line_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_item_tags" ADD CONSTRAINT "line_item_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_items" ADD CONSTRAINT "line_items_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_items" ADD CONSTRAINT "line_items_product_group_id_product_groups_id_fk" FOREIGN KEY ("product_group_id") REFERENCES "public"."product_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "premium_categories" ADD CONSTRAINT "premium_categories_premium_id_premiums_id_fk" FOREIGN KEY ("premium_id") REFERENCES "public"."premiums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "premium_categories" ADD CONSTRAINT "premium_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "premium_tags" ADD CONSTRAINT "premium_tags_premium_id_premiums_id_fk" FOREIGN KEY ("premium_id") REFERENCES "public"."premiums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "premium_tags" ADD CONSTRAINT "premium_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "premiums" ADD CONSTRAINT "premiums_premium_group_id_premium_groups_id_fk" FOREIGN KEY ("premium_group_id") REFERENCES "public"."premium_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subcategories" ADD CONSTRAINT "subcategories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subcategory_groups" ADD CONSTRAINT "subcategory_groups_subcategory_id_subcategories_id_fk" FOREIGN KEY ("subcategory_id") REFERENCES "public"."subcategories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subcategory_groups" ADD CONSTRAINT "subcategory_groups_product_group_id_product_groups_id_fk" FOREIGN KEY ("product_group_id") REFERENCES "public"."product_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wood_species_finish_options" ADD CONSTRAINT "wood_species_finish_options_wood_species_id_premiums_id_fk" FOREIGN KEY ("wood_species_id") REFERENCES "public"."premiums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wood_species_finish_options" ADD CONSTRAINT "wood_species_finish_options_finish_option_id_premiums_id_fk" FOREIGN KEY ("finish_option_id") REFERENCES "public"."premiums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_type_name_key" ON "categories" USING btree ("category_type","name");--> statement-breakpoint
CREATE INDEX "categories_name_idx" ON "categories" USING btree ("name");--> statement-breakpoint
CREATE INDEX "door_style_wood_species_wood_idx" ON "door_style_wood_species" USING btree ("wood_species_id");--> statement-breakpoint
CREATE INDEX "images_owner_idx" ON "images" USING btree ("owner_kind","owner_id","index");--> statement-breakpoint
CREATE INDEX "line_item_tags_tag_idx" ON "line_item_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "line_items_manufacturer_code_key" ON "line_items" USING btree ("manufacturer_code");--> statement-breakpoint
CREATE INDEX "line_items_attachment_id_idx" ON "line_items" USING btree ("is_attachment","id");--> statement-breakpoint
CREATE INDEX "line_items_category_idx" ON "line_items" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "line_items_group_idx" ON "line_items" USING btree ("product_group_id");--> statement-breakpoint
CREATE INDEX "premium_categories_category_idx" ON "premium_categories" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "premium_groups_type_name_key" ON "premium_groups" USING btree ("premium_type","name");--> statement-breakpoint
CREATE INDEX "premium_tags_tag_idx" ON "premium_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "premiums_type_code_key" ON "premiums" USING btree ("premium_type","code");--> statement-breakpoint
CREATE INDEX "premiums_type_id_idx" ON "premiums" USING btree ("premium_type","id");--> statement-breakpoint
CREATE INDEX "premiums_group_idx" ON "premiums" USING btree ("premium_group_id");--> statement-breakpoint
CREATE INDEX "product_groups_name_idx" ON "product_groups" USING btree ("name");--> statement-breakpoint
CREATE INDEX "subcategories_category_idx" ON "subcategories" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "subcategory_groups_group_idx" ON "subcategory_groups" USING btree ("product_group_id");--> statement-breakpoint
CREATE INDEX "wood_species_finish_options_finish_idx" ON "wood_species_finish_options" USING btree ("finish_option_id");