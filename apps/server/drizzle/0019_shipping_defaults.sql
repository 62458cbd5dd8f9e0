-- Out of the box the shop ships everywhere for free by the one method `standard`, as it always did
-- (docs/shipping-and-taxes.md#defaults): a rest-of-world zone holding that method. No tax rate is
-- set, so the server's TAX_RATE is still charged everywhere until the owner sets rates.
INSERT INTO "shipping_zones" ("id", "name", "is_rest_of_world")
VALUES ('00000000-0000-4000-8000-00000000a001', 'Rest of world', true)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "shipping_methods" ("zone_id", "code", "name", "price_cents", "estimate")
SELECT '00000000-0000-4000-8000-00000000a001', 'standard', 'Standard', 0, '3–7 business days'
WHERE EXISTS (SELECT 1 FROM "shipping_zones" WHERE "id" = '00000000-0000-4000-8000-00000000a001')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "tax_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The profile's one address becomes the default entry of the customer's address book.
INSERT INTO "saved_addresses" ("user_id", "name", "phone", "street", "city", "state", "zip", "country", "is_default")
SELECT "id", "name", "phone", "address_street", coalesce("address_city", ''), coalesce("address_state", ''),
       coalesce("address_zip", ''), "address_country", true
FROM "users"
WHERE "address_street" IS NOT NULL AND "address_country" IS NOT NULL;
