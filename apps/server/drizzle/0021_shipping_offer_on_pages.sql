-- Every rendered page's top band says what shipping costs, and rendered pages are cached with the
-- catalog's: a change of zones or methods on any instance clears every instance's page cache, as a
-- catalog change does (docs/decisions/028).
CREATE TRIGGER shipping_zones_catalog_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON shipping_zones
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_notify();
--> statement-breakpoint
CREATE TRIGGER shipping_zone_places_catalog_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON shipping_zone_places
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_notify();
--> statement-breakpoint
CREATE TRIGGER shipping_methods_catalog_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON shipping_methods
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_notify();
