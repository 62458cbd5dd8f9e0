-- The stock ledger is written by the database itself (decision 019): every insert, change or
-- delete of a size's stock adds a stock_movements row in the same transaction, whatever code made
-- it (checkout, the back office, a seed, hand SQL). The code says why through transaction-local
-- settings (modules/stock/stock-context.ts); without them an insert is an 'import' and a change an
-- 'adjustment'.
CREATE OR REPLACE FUNCTION product_sizes_stock_ledger() RETURNS trigger AS $$
DECLARE
  old_stock integer := CASE WHEN TG_OP = 'INSERT' THEN 0 ELSE OLD.stock END;
  new_stock integer := CASE WHEN TG_OP = 'DELETE' THEN 0 ELSE NEW.stock END;
  row_product uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.product_id ELSE NEW.product_id END;
  row_size text := CASE WHEN TG_OP = 'DELETE' THEN OLD.size ELSE NEW.size END;
  reason text := nullif(current_setting('shopper.stock_reason', true), '');
BEGIN
  IF new_stock = old_stock THEN
    RETURN NULL;
  END IF;
  -- A product deleted as a whole takes its ledger with it (cascade); nothing to write.
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM products WHERE id = OLD.product_id) THEN
    RETURN NULL;
  END IF;
  INSERT INTO stock_movements (product_id, size, delta, stock_after, reason, note, actor_id, order_id)
  VALUES (
    row_product,
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
--> statement-breakpoint
CREATE TRIGGER product_sizes_stock_ledger
AFTER INSERT OR UPDATE OF stock OR DELETE ON product_sizes
FOR EACH ROW EXECUTE FUNCTION product_sizes_stock_ledger();
--> statement-breakpoint
-- Opening balances, so that from now on every size's ledger sums to its stock.
INSERT INTO stock_movements (product_id, size, delta, stock_after, reason, note)
SELECT product_id, size, stock, stock, 'import', 'opening stock'
FROM product_sizes
WHERE stock <> 0;
--> statement-breakpoint
INSERT INTO shop_settings (id) VALUES (1) ON CONFLICT DO NOTHING;
