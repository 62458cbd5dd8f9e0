-- Product types are one spelling each, lower case (the back office and the import fold them from now on): "Dresses" and "dresses" become one filter value, first position kept.
UPDATE "products" SET "types" = ARRAY(
  SELECT lower(u.t) FROM unnest("products"."types") WITH ORDINALITY AS u(t, n) GROUP BY lower(u.t) ORDER BY min(u.n)
) WHERE "types"::text <> lower("types"::text);--> statement-breakpoint
UPDATE "collections" SET "rule" = jsonb_set("rule", '{types}', (SELECT coalesce(jsonb_agg(lower(v.t) ORDER BY v.n), '[]'::jsonb) FROM jsonb_array_elements_text("rule"->'types') WITH ORDINALITY AS v(t, n)))
WHERE jsonb_typeof("rule"->'types') = 'array' AND ("rule"->'types')::text <> lower(("rule"->'types')::text);
