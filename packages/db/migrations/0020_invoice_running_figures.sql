ALTER TABLE "invoice_milestones" ADD COLUMN "balance" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_milestones" ADD COLUMN "paid" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_milestones" ADD COLUMN "credited" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "paid" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "credited" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "balance" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "figure_state" text DEFAULT 'PAID' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "next_due_date" date;--> statement-breakpoint
CREATE INDEX "invoices_open_issued_idx" ON "invoices" USING btree ("issued_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "invoices"."superseded_at" is null and "invoices"."figure_state" in ('DUE', 'PARTIAL');--> statement-breakpoint
CREATE INDEX "invoices_next_due_idx" ON "invoices" USING btree ("next_due_date");--> statement-breakpoint

-- hand-written below
-- Issue 17: running figures. Every ledger insert adds to its milestone's stored figures (same
-- transaction, whoever writes); every change of a milestone's figures, due date or void
-- recomputes its invoice's sums, date-free state and next due date. The ledger stays the truth.
-- Backfill: the milestones' sums from the ledger, then every invoice from its milestones.
UPDATE invoice_milestones m SET balance = s.balance, paid = s.paid, credited = s.credited
  FROM (SELECT milestone_id, sum(amount) AS balance,
      -coalesce(sum(amount) FILTER (WHERE payment_id IS NOT NULL AND credit_memo_id IS NULL), 0) AS paid,
      -coalesce(sum(amount) FILTER (WHERE credit_memo_id IS NOT NULL), 0) AS credited
    FROM ledger_entries WHERE milestone_id IS NOT NULL GROUP BY milestone_id) s
  WHERE m.id = s.milestone_id;
--> statement-breakpoint
UPDATE invoices i SET paid = f.paid, credited = f.credited, balance = f.balance,
    figure_state = f.state, next_due_date = f.next_due
  FROM (SELECT m.invoice_id, sum(m.paid) AS paid, sum(m.credited) AS credited, sum(m.balance) AS balance,
      CASE WHEN bool_and(m.voided_at IS NOT NULL) THEN 'VOID'
        WHEN bool_and(m.voided_at IS NOT NULL OR m.balance <= 0) THEN 'PAID'
        WHEN bool_or(m.voided_at IS NULL AND m.balance > 0 AND (m.paid + m.credited) > 0) THEN 'PARTIAL'
        ELSE 'DUE' END AS state,
      min(m.due_date) FILTER (WHERE m.voided_at IS NULL AND m.balance > 0) AS next_due
    FROM invoice_milestones m GROUP BY m.invoice_id) f
  WHERE i.id = f.invoice_id;
--> statement-breakpoint
CREATE FUNCTION invoice_refresh_figures(inv integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE invoices i SET paid = f.paid, credited = f.credited, balance = f.balance,
      figure_state = f.state, next_due_date = f.next_due
    FROM (SELECT coalesce(sum(m.paid), 0) AS paid, coalesce(sum(m.credited), 0) AS credited,
        coalesce(sum(m.balance), 0) AS balance,
        CASE WHEN coalesce(bool_and(m.voided_at IS NOT NULL), false) THEN 'VOID'
          WHEN coalesce(bool_and(m.voided_at IS NOT NULL OR m.balance <= 0), true) THEN 'PAID'
          WHEN bool_or(m.voided_at IS NULL AND m.balance > 0 AND (m.paid + m.credited) > 0) THEN 'PARTIAL'
          ELSE 'DUE' END AS state,
        min(m.due_date) FILTER (WHERE m.voided_at IS NULL AND m.balance > 0) AS next_due
      FROM invoice_milestones m WHERE m.invoice_id = inv) f
    WHERE i.id = inv AND (i.paid, i.credited, i.balance, i.figure_state, i.next_due_date)
      IS DISTINCT FROM (f.paid, f.credited, f.balance, f.state, f.next_due);
END;
$$;
--> statement-breakpoint
CREATE FUNCTION ledger_entries_add_figures() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.milestone_id IS NOT NULL AND NEW.amount <> 0 THEN
    UPDATE invoice_milestones SET balance = balance + NEW.amount,
        paid = paid - CASE WHEN NEW.payment_id IS NOT NULL AND NEW.credit_memo_id IS NULL THEN NEW.amount ELSE 0 END,
        credited = credited - CASE WHEN NEW.credit_memo_id IS NOT NULL THEN NEW.amount ELSE 0 END
      WHERE id = NEW.milestone_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_figures AFTER INSERT ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_add_figures();
--> statement-breakpoint
CREATE FUNCTION invoice_milestones_refresh_invoice() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM invoice_refresh_figures(NEW.invoice_id);
  IF TG_OP = 'UPDATE' AND OLD.invoice_id <> NEW.invoice_id THEN
    PERFORM invoice_refresh_figures(OLD.invoice_id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER invoice_milestones_figures AFTER INSERT OR UPDATE OF balance, paid, credited, due_date, voided_at, invoice_id
  ON "invoice_milestones" FOR EACH ROW EXECUTE FUNCTION invoice_milestones_refresh_invoice();
