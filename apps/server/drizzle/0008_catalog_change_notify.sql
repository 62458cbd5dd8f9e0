-- Catalog change notifications (docs/decisions/028): every instance caches catalog answers, so
-- every write to what the catalog shows, by the shop or by hand-written SQL, tells them all.
-- The generation sequence lets an instance that lost its LISTEN connection see that it missed a
-- change; a sequence, unlike a counter row, takes no lock that would queue concurrent checkouts.
CREATE SEQUENCE catalog_generation;
--> statement-breakpoint
CREATE FUNCTION catalog_changed_notify() RETURNS trigger AS $$
BEGIN
  -- Delivered at commit, and not at all on rollback.
  PERFORM pg_notify('shopper_catalog_changed', nextval('catalog_generation')::text);
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER products_catalog_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_notify();
--> statement-breakpoint
CREATE TRIGGER product_sizes_catalog_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_sizes
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_notify();
--> statement-breakpoint
CREATE TRIGGER reviews_catalog_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON reviews
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_notify();
--> statement-breakpoint
CREATE TRIGGER categories_catalog_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_notify();
