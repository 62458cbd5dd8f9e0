-- Colours as a product option beside size (decision 043). Generated from schema.ts, then put in an
-- order that is safe on a shop with data: the colours first, one per existing product, then each
-- colour_id added nullable, filled, and only then made NOT NULL and keyed. No stock value changes,
-- and the ledger trigger fires only on a change of stock, so no movement is written: every
-- (product, colour, size) ledger sums to what the (product, size) ledger summed to.

-- The family a swatch belongs to, for the listing's colour filter: hue, lightness and saturation
-- bands into black, white, grey, beige, brown, red, pink, orange, yellow, green, blue, purple (the
-- contract's COLOUR_FAMILIES). The only implementation: `product_colours.family` is generated from
-- it, so nobody types a family and it cannot disagree with the swatch. Anything but `#rrggbb`
-- lower case is null (the table's check refuses it anyway).
CREATE FUNCTION colour_family(swatch text) RETURNS text AS $$
DECLARE
  r double precision;
  g double precision;
  b double precision;
  hi double precision;
  lo double precision;
  chroma double precision;
  light double precision;
  sat double precision;
  hue double precision;
BEGIN
  IF swatch !~ '^#[0-9a-f]{6}$' THEN
    RETURN NULL;
  END IF;
  r := ('x' || substr(swatch, 2, 2))::bit(8)::integer / 255.0;
  g := ('x' || substr(swatch, 4, 2))::bit(8)::integer / 255.0;
  b := ('x' || substr(swatch, 6, 2))::bit(8)::integer / 255.0;
  hi := greatest(r, g, b);
  lo := least(r, g, b);
  chroma := hi - lo;
  light := (hi + lo) / 2;
  sat := CASE WHEN chroma = 0 THEN 0 ELSE chroma / (1 - abs(2 * light - 1)) END;
  IF chroma = 0 THEN
    hue := 0;
  ELSIF hi = r THEN
    hue := 60 * (g - b) / chroma;
  ELSIF hi = g THEN
    hue := 60 * ((b - r) / chroma + 2);
  ELSE
    hue := 60 * ((r - g) / chroma + 4);
  END IF;
  IF hue < 0 THEN
    hue := hue + 360;
  END IF;

  IF light < 0.12 THEN
    RETURN 'black';
  END IF;
  IF light > 0.93 OR (light > 0.85 AND sat < 0.25) THEN
    RETURN 'white';
  END IF;
  -- Pale warm tones (linen, sand, ecru, cream) before grey, which would otherwise take the palest.
  IF hue >= 20 AND hue < 70 AND chroma >= 0.04
     AND ((light >= 0.6 AND sat < 0.5) OR (light >= 0.75 AND sat < 0.7) OR light >= 0.85) THEN
    RETURN 'beige';
  END IF;
  IF sat < 0.12 OR chroma < 0.1 THEN
    RETURN 'grey';
  END IF;
  IF hue >= 12 AND hue < 50 AND (light < 0.45 OR (light < 0.6 AND sat < 0.45)) THEN
    RETURN 'brown';
  END IF;
  IF hue >= 345 OR hue < 12 THEN
    RETURN CASE WHEN light >= 0.7 THEN 'pink' ELSE 'red' END;
  END IF;
  IF hue < 45 THEN
    RETURN 'orange';
  END IF;
  IF hue < 70 THEN
    RETURN 'yellow';
  END IF;
  IF hue < 165 THEN
    RETURN 'green';
  END IF;
  IF hue < 255 THEN
    RETURN 'blue';
  END IF;
  IF hue < 315 THEN
    RETURN 'purple';
  END IF;
  RETURN CASE WHEN light >= 0.4 THEN 'pink' ELSE 'purple' END;
END
$$ LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE;
--> statement-breakpoint
CREATE TABLE "product_colours" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"swatch" text NOT NULL,
	"family" text GENERATED ALWAYS AS (colour_family(swatch)) STORED,
	"position" integer NOT NULL,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"main_image_index" integer DEFAULT 0 NOT NULL,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_colours_product_id_unique" UNIQUE("product_id","id"),
	CONSTRAINT "product_colours_swatch_check" CHECK ("product_colours"."swatch" ~ '^#[0-9a-f]{6}$')
);
--> statement-breakpoint
ALTER TABLE "product_colours" ADD CONSTRAINT "product_colours_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_colours_slug_unique" ON "product_colours" USING btree ("product_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "product_colours_name_unique" ON "product_colours" USING btree ("product_id",lower("name"));--> statement-breakpoint
-- A colour change shows on every instance at once, like any other catalog change (decision 028).
CREATE TRIGGER product_colours_catalog_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_colours
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_notify();
--> statement-breakpoint
-- One colour per existing product, named as the contract's DEFAULT_COLOUR_NAME ('Standard'). Its
-- swatch is the drawing's colour when the main gallery is the demo's art, a neutral grey otherwise;
-- its gallery is the product's.
INSERT INTO "product_colours" ("product_id", "slug", "name", "swatch", "position", "images", "main_image_index")
SELECT "id", 'standard', 'Standard',
       coalesce('#' || substring("images"[1] from '^/images/products/[a-z]+-([0-9a-f]{6})-'), '#9ca3af'),
       0, "images", "main_image_index"
FROM "products";
--> statement-breakpoint
ALTER TABLE "product_sizes" ADD COLUMN "colour_id" uuid;--> statement-breakpoint
ALTER TABLE "product_sizes" ADD COLUMN "sku" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "colour_id" uuid;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "colour_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "colour_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "colour_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_images" ADD COLUMN "source_url" text;--> statement-breakpoint
UPDATE "product_sizes" s SET "colour_id" = c."id" FROM "product_colours" c WHERE c."product_id" = s."product_id";--> statement-breakpoint
UPDATE "stock_movements" m SET "colour_id" = c."id" FROM "product_colours" c WHERE c."product_id" = m."product_id";--> statement-breakpoint
UPDATE "cart_items" i SET "colour_id" = c."id" FROM "product_colours" c WHERE c."product_id" = i."product_id";--> statement-breakpoint
-- Items of deleted products keep a null colour; colour_name stays '' for orders placed before colours.
UPDATE "order_items" i SET "colour_id" = c."id" FROM "product_colours" c WHERE c."product_id" = i."product_id";--> statement-breakpoint
ALTER TABLE "product_sizes" ALTER COLUMN "colour_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_movements" ALTER COLUMN "colour_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_items" ALTER COLUMN "colour_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_items" DROP CONSTRAINT "cart_items_user_id_product_id_size_pk";--> statement-breakpoint
ALTER TABLE "product_sizes" DROP CONSTRAINT "product_sizes_product_id_size_pk";--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_user_id_product_id_colour_id_size_pk" PRIMARY KEY("user_id","product_id","colour_id","size");--> statement-breakpoint
ALTER TABLE "product_sizes" ADD CONSTRAINT "product_sizes_product_id_colour_id_size_pk" PRIMARY KEY("product_id","colour_id","size");--> statement-breakpoint
DROP INDEX "stock_movements_size_idx";--> statement-breakpoint
CREATE INDEX "stock_movements_size_idx" ON "stock_movements" USING btree ("product_id","colour_id","size","created_at");--> statement-breakpoint
CREATE INDEX "product_images_source_url_idx" ON "product_images" USING btree ("product_id","source_url");--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_colour_fk" FOREIGN KEY ("product_id","colour_id") REFERENCES "public"."product_colours"("product_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_colour_id_product_colours_id_fk" FOREIGN KEY ("colour_id") REFERENCES "public"."product_colours"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_sizes" ADD CONSTRAINT "product_sizes_colour_fk" FOREIGN KEY ("product_id","colour_id") REFERENCES "public"."product_colours"("product_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_colour_fk" FOREIGN KEY ("product_id","colour_id") REFERENCES "public"."product_colours"("product_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The ledger per colour (decision 043 amends 019): the movement names the variant's colour, and a
-- colour removed as a whole takes its ledger with it (cascade), as a deleted product does.
CREATE OR REPLACE FUNCTION product_sizes_stock_ledger() RETURNS trigger AS $$
DECLARE
  old_stock integer := CASE WHEN TG_OP = 'INSERT' THEN 0 ELSE OLD.stock END;
  new_stock integer := CASE WHEN TG_OP = 'DELETE' THEN 0 ELSE NEW.stock END;
  row_product uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.product_id ELSE NEW.product_id END;
  row_colour uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.colour_id ELSE NEW.colour_id END;
  row_size text := CASE WHEN TG_OP = 'DELETE' THEN OLD.size ELSE NEW.size END;
  reason text := nullif(current_setting('shopper.stock_reason', true), '');
BEGIN
  IF new_stock = old_stock THEN
    RETURN NULL;
  END IF;
  -- A product or a colour deleted as a whole takes its ledger with it (cascade); nothing to write.
  IF TG_OP = 'DELETE' AND (
    NOT EXISTS (SELECT 1 FROM products WHERE id = OLD.product_id)
    OR NOT EXISTS (SELECT 1 FROM product_colours WHERE id = OLD.colour_id)
  ) THEN
    RETURN NULL;
  END IF;
  INSERT INTO stock_movements (product_id, colour_id, size, delta, stock_after, reason, note, actor_id, order_id)
  VALUES (
    row_product,
    row_colour,
    row_size,
    new_stock - old_stock,
    new_stock,
    coalesce(reason, CASE WHEN TG_OP = 'INSERT' THEN 'import' ELSE 'adjustment' END),
    coalesce(current_setting('shopper.stock_note', true), ''),
    nullif(current_setting('shopper.stock_actor', true), '')::uuid,
    nullif(current_setting('shopper.stock_order', true), '')::uuid
  );
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
