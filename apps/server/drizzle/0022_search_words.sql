CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
-- Trigram matching (ships with PostgreSQL and with the embedded engine; trusted, so the database's
-- owner may create it). A misspelt term is corrected to the most similar word of the catalog.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);
--> statement-breakpoint
-- The words a product adds: name, brand, types and tags, split as the search splits what is typed.
CREATE FUNCTION products_search_words_add() RETURNS trigger AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM regexp_split_to_table(
    lower(coalesce(NEW.name, '') || ' ' || coalesce(NEW.brand, '') || ' ' || array_to_string(NEW.types, ' ') || ' ' || array_to_string(NEW.tags, ' ')),
    '[^[:alnum:]]+') AS w
  WHERE length(w) >= 3
  ON CONFLICT (word) DO NOTHING;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER products_search_words_add
  AFTER INSERT OR UPDATE OF name, brand, tags, types ON products
  FOR EACH ROW EXECUTE FUNCTION products_search_words_add();
--> statement-breakpoint
INSERT INTO search_words (word)
SELECT DISTINCT w FROM products, regexp_split_to_table(
  lower(name || ' ' || brand || ' ' || array_to_string(types, ' ') || ' ' || array_to_string(tags, ' ')),
  '[^[:alnum:]]+') AS w
WHERE length(w) >= 3
ON CONFLICT (word) DO NOTHING;
