-- Decision 068: collections in the shared cache in front. A collection's answers and page are filed
-- under `collection-<slug>` (its only public name), the home page's sections under `collections`;
-- both lists of products also carry `all-products`, which any product's purge already adds
-- (decision 063), so a rule collection follows its products without a trigger of its own.
-- Deferred to commit like the catalog's purge triggers, and through the same cache_purge_enqueue,
-- which writes the keys sorted: every writer locks queue rows in one order.
--
-- collections: the slug it leaves and the slug it has (a rename purges both), and the home page,
-- which shows collections' names, banners and visibility.
CREATE FUNCTION collections_cache_purge() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM cache_purge_enqueue(ARRAY['collection-' || NEW.slug, 'collections']);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM cache_purge_enqueue(ARRAY['collection-' || OLD.slug, 'collections']);
  ELSE
    PERFORM cache_purge_enqueue(ARRAY['collection-' || NEW.slug, 'collection-' || OLD.slug, 'collections']);
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER collections_cache_purge AFTER INSERT OR UPDATE OR DELETE ON collections
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION collections_cache_purge();
--> statement-breakpoint
-- collection_products (a hand-picked list and its order): the collection it belongs to, looked up
-- at commit (a collection deleted with its rows has queued its own slug), and the home page, whose
-- featured collections show their first products.
CREATE FUNCTION collection_products_cache_purge() RETURNS trigger AS $$
DECLARE
  touched uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    touched := ARRAY[NEW.collection_id];
  ELSIF TG_OP = 'DELETE' THEN
    touched := ARRAY[OLD.collection_id];
  ELSE
    touched := ARRAY[OLD.collection_id, NEW.collection_id];
  END IF;
  PERFORM cache_purge_enqueue(
    ARRAY(SELECT 'collection-' || c.slug FROM collections c WHERE c.id = ANY (touched)) || ARRAY['collections']
  );
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER collection_products_cache_purge AFTER INSERT OR UPDATE OR DELETE ON collection_products
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION collection_products_cache_purge();
--> statement-breakpoint
-- home_sections (which collections the home page shows, where and in what order): the home page.
CREATE FUNCTION home_sections_cache_purge() RETURNS trigger AS $$
BEGIN
  PERFORM cache_purge_enqueue(ARRAY['collections']);
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER home_sections_cache_purge AFTER INSERT OR UPDATE OR DELETE ON home_sections
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION home_sections_cache_purge();
