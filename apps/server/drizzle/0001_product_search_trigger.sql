-- Keeps products.search_vector in step with the searchable text, whoever writes the row.
-- A trigger rather than a generated column: array_to_string is not IMMUTABLE.
CREATE FUNCTION products_search_vector_refresh() RETURNS trigger AS $$
BEGIN
  NEW.search_vector :=
    setweight(to_tsvector('english', coalesce(NEW.name, '')), 'A') ||
    setweight(to_tsvector('english', coalesce(NEW.brand, '') || ' ' || array_to_string(NEW.tags, ' ') || ' ' || array_to_string(NEW.types, ' ')), 'B') ||
    setweight(to_tsvector('english', coalesce(NEW.short_description, '') || ' ' || coalesce(NEW.long_description, '')), 'C');
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER products_search_vector_refresh
  BEFORE INSERT OR UPDATE OF name, brand, tags, types, short_description, long_description ON products
  FOR EACH ROW EXECUTE FUNCTION products_search_vector_refresh();
