DROP INDEX "ledger_entries_daily_charge_key";--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "carried_from_entry_id" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_carried_from_key" ON "ledger_entries" USING btree ("carried_from_entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_daily_charge_key" ON "ledger_entries" USING btree ("milestone_id","kind","effective_date") WHERE kind in ('INTEREST', 'FEE') and carried_from_entry_id is null;