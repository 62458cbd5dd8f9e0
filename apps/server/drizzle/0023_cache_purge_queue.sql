CREATE TABLE "cache_purge_queue" (
	"key" text PRIMARY KEY NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text
);
--> statement-breakpoint
CREATE INDEX "cache_purge_queue_due_idx" ON "cache_purge_queue" USING btree ("next_attempt_at");--> statement-breakpoint
-- Decision 063: what a catalog change must purge from a shared cache in front, queued in the
-- change's own transaction (so a rollback queues nothing), by our code or by hand-written SQL.
-- Row-level: the keys name the products and categories touched. A key already queued only moves
-- its queued_at and makes it due again, so a burst of orders for one product is one purge.
-- The triggers below are deferred to commit: a queue row is locked only for the last moment of a
-- change, after every row lock it takes, so a stock write and a product edit never wait on each
-- other through it (they deadlocked when the queue was written mid-transaction).
CREATE FUNCTION cache_purge_enqueue(keys text[]) RETURNS void AS $$
  INSERT INTO cache_purge_queue (key, queued_at)
  SELECT k, clock_timestamp() FROM (SELECT DISTINCT k FROM unnest(keys) AS k WHERE k IS NOT NULL) AS distinct_keys ORDER BY k
  ON CONFLICT (key) DO UPDATE SET queued_at = clock_timestamp(), next_attempt_at = now(), attempts = 0;
$$ LANGUAGE sql;
--> statement-breakpoint
-- products: the product, and the slug and category it leaves when either changes or it is deleted
-- (the purger adds the current slug and category of a product that still exists).
CREATE FUNCTION products_cache_purge() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM cache_purge_enqueue(ARRAY['product-' || NEW.id]);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM cache_purge_enqueue(ARRAY['product-' || OLD.id, 'product-slug-' || OLD.slug, 'category-' || OLD.category]);
  ELSE
    PERFORM cache_purge_enqueue(ARRAY[
      'product-' || NEW.id,
      CASE WHEN OLD.slug IS DISTINCT FROM NEW.slug THEN 'product-slug-' || OLD.slug END,
      CASE WHEN OLD.category IS DISTINCT FROM NEW.category THEN 'category-' || OLD.category END
    ]);
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER products_cache_purge AFTER INSERT OR UPDATE OR DELETE ON products
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION products_cache_purge();
--> statement-breakpoint
-- Sizes (stock), colours, pictures and reviews (ratings) of a product: that product.
CREATE FUNCTION product_part_cache_purge() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM cache_purge_enqueue(ARRAY['product-' || NEW.product_id]);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM cache_purge_enqueue(ARRAY['product-' || OLD.product_id]);
  ELSE
    PERFORM cache_purge_enqueue(ARRAY['product-' || OLD.product_id, 'product-' || NEW.product_id]);
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER product_sizes_cache_purge AFTER INSERT OR UPDATE OR DELETE ON product_sizes
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION product_part_cache_purge();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER product_colours_cache_purge AFTER INSERT OR UPDATE OR DELETE ON product_colours
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION product_part_cache_purge();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER product_images_cache_purge AFTER INSERT OR UPDATE OR DELETE ON product_images
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION product_part_cache_purge();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER reviews_cache_purge AFTER INSERT OR UPDATE OR DELETE ON reviews
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION product_part_cache_purge();
--> statement-breakpoint
-- A category's banner and name: its pages, and the list of categories.
CREATE FUNCTION categories_cache_purge() RETURNS trigger AS $$
BEGIN
  PERFORM cache_purge_enqueue(ARRAY['categories', 'category-' || COALESCE(NEW.slug, OLD.slug)]);
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER categories_cache_purge AFTER INSERT OR UPDATE OR DELETE ON categories
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION categories_cache_purge();
