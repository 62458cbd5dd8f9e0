CREATE TABLE "back_in_stock_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"user_id" uuid,
	"product_id" uuid NOT NULL,
	"colour_id" uuid NOT NULL,
	"size" text NOT NULL,
	"status" text NOT NULL,
	"confirm_token_hash" text,
	"confirm_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"due_at" timestamp with time zone,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "back_in_stock_requests" ADD CONSTRAINT "back_in_stock_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "back_in_stock_requests" ADD CONSTRAINT "back_in_stock_requests_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "back_in_stock_requests" ADD CONSTRAINT "back_in_stock_requests_colour_id_product_colours_id_fk" FOREIGN KEY ("colour_id") REFERENCES "public"."product_colours"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "back_in_stock_requests_open_unique" ON "back_in_stock_requests" USING btree ("email","product_id","colour_id","size") WHERE "back_in_stock_requests"."status" in ('pending', 'waiting', 'due');--> statement-breakpoint
CREATE UNIQUE INDEX "back_in_stock_requests_confirm_unique" ON "back_in_stock_requests" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE INDEX "back_in_stock_requests_variant_idx" ON "back_in_stock_requests" USING btree ("product_id","colour_id","size","status");--> statement-breakpoint
CREATE INDEX "back_in_stock_requests_due_idx" ON "back_in_stock_requests" USING btree ("status","due_at");--> statement-breakpoint
CREATE INDEX "back_in_stock_requests_user_idx" ON "back_in_stock_requests" USING btree ("user_id");--> statement-breakpoint
-- "Notify me when it's back" (decision 069): when a size's stock goes from 0 to above 0, whatever
-- wrote it (the back office, a catalog import, a return restocked, hand SQL), its waiting requests
-- become due in that same transaction. A request is due once: stock that goes back to 0 and up
-- again finds it due or notified, never waiting, so it is mailed once.
CREATE FUNCTION back_in_stock_requests_due() RETURNS trigger AS $$
BEGIN
  UPDATE back_in_stock_requests
  SET status = 'due', due_at = now()
  WHERE product_id = NEW.product_id AND colour_id = NEW.colour_id AND size = NEW.size AND status = 'waiting';
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- The WHEN clauses keep the function off every other stock change (checkouts above all).
CREATE TRIGGER product_sizes_back_in_stock_update
AFTER UPDATE OF stock ON product_sizes
FOR EACH ROW WHEN (OLD.stock = 0 AND NEW.stock > 0) EXECUTE FUNCTION back_in_stock_requests_due();
--> statement-breakpoint
CREATE TRIGGER product_sizes_back_in_stock_insert
AFTER INSERT ON product_sizes
FOR EACH ROW WHEN (NEW.stock > 0) EXECUTE FUNCTION back_in_stock_requests_due();
