CREATE TABLE "collection_products" (
	"collection_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "collection_products_collection_id_product_id_pk" PRIMARY KEY("collection_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "collections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"banner" jsonb,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"visible_from" timestamp with time zone,
	"visible_until" timestamp with time zone,
	"kind" text NOT NULL,
	"rule" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collections_slug_check" CHECK ("collections"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
	CONSTRAINT "collections_kind_check" CHECK ("collections"."kind" in ('manual', 'rule')),
	CONSTRAINT "collections_window_check" CHECK ("collections"."visible_from" is null or "collections"."visible_until" is null or "collections"."visible_from" < "collections"."visible_until")
);
--> statement-breakpoint
CREATE TABLE "home_sections" (
	"collection_id" uuid PRIMARY KEY NOT NULL,
	"place" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "home_sections_place_check" CHECK ("home_sections"."place" in ('hero', 'featured'))
);
--> statement-breakpoint
ALTER TABLE "collection_products" ADD CONSTRAINT "collection_products_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_products" ADD CONSTRAINT "collection_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_sections" ADD CONSTRAINT "home_sections_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collection_products_product_idx" ON "collection_products" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "collections_slug_unique" ON "collections" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "home_sections_hero_unique" ON "home_sections" USING btree ("place") WHERE "home_sections"."place" = 'hero';--> statement-breakpoint
-- Collections are read with the catalog and cached with it: an edit on any instance clears every
-- instance's catalog cache, as a product change does (docs/decisions/028). Rule collections are
-- computed from the products when read, so the products' own trigger covers them.
CREATE TRIGGER collections_catalog_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON collections
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_notify();
--> statement-breakpoint
CREATE TRIGGER collection_products_catalog_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON collection_products
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_notify();
--> statement-breakpoint
CREATE TRIGGER home_sections_catalog_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON home_sections
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_notify();
