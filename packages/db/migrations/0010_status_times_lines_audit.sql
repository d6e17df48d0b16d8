-- Issue 15 (decision 0018): status timestamps backfilled from the audit trail, stable line
-- numbers for existing lines, and the audit trail made append-only.

-- 1. When each existing order last entered a status, from its audit events (the status writer
--    records one event per move, named by the action that made it).
UPDATE "orders" o SET
  "submitted_at" = coalesce(o."submitted_at", e.submitted),
  "verified_at" = e.verified,
  "completed_at" = e.completed,
  "shipped_at" = e.shipped,
  "cancelled_at" = e.cancelled
FROM (
  SELECT "entity_id",
    max("at") FILTER (WHERE "action" = 'submit') AS submitted,
    max("at") FILTER (WHERE "action" = 'approve') AS verified,
    max("at") FILTER (WHERE "action" = 'complete') AS completed,
    max("at") FILTER (WHERE "action" = 'ship') AS shipped,
    max("at") FILTER (WHERE "action" = 'cancel') AS cancelled
  FROM "audit_events"
  WHERE "entity" = 'order' AND "action" IN ('submit', 'approve', 'complete', 'ship', 'cancel')
  GROUP BY "entity_id"
) e
WHERE e."entity_id" = o."id"::text;
--> statement-breakpoint

-- 2. Line numbers of existing lines: their order on the order (groups, then lines), as the wire
--    numbered them.
UPDATE "order_items" i SET "line_no" = n.line_no
FROM (
  SELECT it."id", row_number() OVER (PARTITION BY it."order_id" ORDER BY g."position", it."position", it."id") AS line_no
  FROM "order_items" it JOIN "order_groups" g ON g."id" = it."group_id"
) n
WHERE n."id" = i."id";
--> statement-breakpoint
UPDATE "orders" o SET "last_line_no" = m.last
FROM (SELECT "order_id", max("line_no") AS last FROM "order_items" GROUP BY "order_id") m
WHERE m."order_id" = o."id";
--> statement-breakpoint

-- 3. The audit trail is append-only: no UPDATE, DELETE or TRUNCATE (a ledger finance relies on).
CREATE OR REPLACE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_events is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_events_no_update_delete BEFORE UPDATE OR DELETE ON "audit_events"
  FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON "audit_events"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only();
