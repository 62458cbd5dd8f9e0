CREATE TABLE "product_sizes" (
	"product_id" uuid NOT NULL,
	"size" text NOT NULL,
	"position" integer NOT NULL,
	"stock" integer NOT NULL,
	CONSTRAINT "product_sizes_product_id_size_pk" PRIMARY KEY("product_id","size"),
	CONSTRAINT "product_sizes_stock_check" CHECK ("product_sizes"."stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"brand" text NOT NULL,
	"category" text NOT NULL,
	"short_description" text DEFAULT '' NOT NULL,
	"long_description" text DEFAULT '' NOT NULL,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"main_image_index" integer DEFAULT 0 NOT NULL,
	"price_cents" integer NOT NULL,
	"sale_price_cents" integer,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"types" text[] DEFAULT '{}'::text[] NOT NULL,
	"rating" double precision DEFAULT 0 NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_vector" "tsvector",
	CONSTRAINT "products_category_check" CHECK ("products"."category" in ('men', 'women', 'kids')),
	CONSTRAINT "products_price_check" CHECK ("products"."price_cents" > 0),
	CONSTRAINT "products_sale_price_check" CHECK ("products"."sale_price_cents" is null or ("products"."sale_price_cents" > 0 and "products"."sale_price_cents" < "products"."price_cents")),
	CONSTRAINT "products_rating_check" CHECK ("products"."rating" >= 0 and "products"."rating" <= 5)
);
--> statement-breakpoint
ALTER TABLE "product_sizes" ADD CONSTRAINT "product_sizes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "products_slug_unique" ON "products" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category","published_at");--> statement-breakpoint
CREATE INDEX "products_published_idx" ON "products" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "products_types_idx" ON "products" USING gin ("types");