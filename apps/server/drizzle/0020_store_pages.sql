CREATE TABLE "store_pages" (
	"slug" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"markdown" text NOT NULL,
	"html" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The pages are rendered with the catalog's pages and cached with them: an edit on any instance
-- clears every instance's page cache, as a catalog change does (docs/decisions/028).
CREATE TRIGGER store_pages_catalog_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON store_pages
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_notify();
