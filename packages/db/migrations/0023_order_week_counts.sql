CREATE TABLE "order_week_counts" (
	"status" text NOT NULL,
	"week" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "order_week_counts_status_week_pk" PRIMARY KEY("status","week")
);
--> statement-breakpoint

-- hand-written below
-- Decision 0038: order_week_counts is kept by orders' triggers, in the writing transaction, so a
-- deep page of the shop's list knows how many orders come before each week without walking them.
CREATE FUNCTION order_week(at timestamptz) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT floor(extract(epoch FROM at) / 604800)::integer $$;
--> statement-breakpoint
CREATE FUNCTION order_week_counts_add(s text, w integer, d integer) RETURNS void LANGUAGE sql
  AS $$ INSERT INTO order_week_counts AS c (status, week, n) VALUES (s, w, d)
    ON CONFLICT (status, week) DO UPDATE SET n = c.n + excluded.n $$;
--> statement-breakpoint
CREATE FUNCTION orders_count_weeks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM order_week_counts_add(NEW.status, order_week(NEW.created_at), 1);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM order_week_counts_add(OLD.status, order_week(OLD.created_at), -1);
  -- A move takes its two count rows in one order (status, then week): two orders moving the
  -- opposite ways at once wait for each other instead of deadlocking.
  ELSIF (OLD.status, order_week(OLD.created_at)) < (NEW.status, order_week(NEW.created_at)) THEN
    PERFORM order_week_counts_add(OLD.status, order_week(OLD.created_at), -1);
    PERFORM order_week_counts_add(NEW.status, order_week(NEW.created_at), 1);
  ELSE
    PERFORM order_week_counts_add(NEW.status, order_week(NEW.created_at), 1);
    PERFORM order_week_counts_add(OLD.status, order_week(OLD.created_at), -1);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Deferred to the commit: a count row (every new order of the week adds to one) is then held from
-- the commit's start to its end, not through the rest of the writing transaction (a 500-line
-- order's pricing and lines), so orders written at once do not wait for each other.
CREATE CONSTRAINT TRIGGER orders_week_counts AFTER INSERT OR DELETE ON "orders"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION orders_count_weeks();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER orders_week_counts_move AFTER UPDATE OF status, created_at ON "orders"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION orders_count_weeks();
--> statement-breakpoint
-- The counts of the orders already there (and a way to mend them by hand).
CREATE FUNCTION order_week_counts_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM order_week_counts;
  INSERT INTO order_week_counts (status, week, n)
    SELECT status, order_week(created_at), count(*) FROM orders GROUP BY 1, 2;
$$;
--> statement-breakpoint
SELECT order_week_counts_rebuild();
