-- Sales tax rates become exact (decision 0017): orders.sales_tax_in_percentage and the sales_tax
-- step of pricing_steps move from basis points (hundredths of a percent) to thousandths of a percent.
UPDATE "orders" SET "sales_tax_in_percentage" = "sales_tax_in_percentage" * 10 WHERE "sales_tax_in_percentage" <> 0;
--> statement-breakpoint
UPDATE "orders"
SET "pricing_steps" = (
  SELECT jsonb_agg(
    CASE WHEN s->>'kind' = 'sales_tax' AND jsonb_typeof(s->'percentage') = 'number'
      THEN jsonb_set(s, '{percentage}', to_jsonb((s->>'percentage')::int * 10))
      ELSE s END
    ORDER BY i)
  FROM jsonb_array_elements("pricing_steps") WITH ORDINALITY AS t(s, i)
)
WHERE jsonb_array_length("pricing_steps") > 0
  AND "pricing_steps" @> '[{"kind": "sales_tax"}]';
