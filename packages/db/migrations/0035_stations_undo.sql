CREATE TABLE "scan_hours" (
	"hour" timestamp with time zone NOT NULL,
	"session_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"scans" integer NOT NULL,
	"ok" integer NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "scan_hours_hour_session_id_user_id_pk" PRIMARY KEY("hour","session_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "undone_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "undone_by" integer;--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "undo_reason" text;--> statement-breakpoint
ALTER TABLE "scan_hours" ADD CONSTRAINT "scan_hours_session_id_scan_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."scan_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_undone_by_users_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- hand-written below
-- Issue 35 (decision 0050): scan_hours adds up the scans per hour, session and person, net of
-- undone ones, for the productivity report. A scan adds to its hour (inside its own insert: no
-- statement more for the scan); an undo takes it away and reads the hour's first and last scan
-- again. Backfill: every scan recorded so far.
INSERT INTO scan_hours (hour, session_id, user_id, scans, ok, first_at, last_at)
  SELECT date_bin('1 hour', scanned_at, timestamptz '2000-01-01 00:00:00+00'), session_id, coalesce(scanned_by, 0),
    count(*), count(*) FILTER (WHERE result = 'OK'), min(scanned_at), max(scanned_at)
  FROM scans WHERE undone_at IS NULL GROUP BY 1, 2, 3;
--> statement-breakpoint
CREATE FUNCTION scan_hours_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO scan_hours AS h (hour, session_id, user_id, scans, ok, first_at, last_at)
    VALUES (date_bin('1 hour', NEW.scanned_at, timestamptz '2000-01-01 00:00:00+00'), NEW.session_id,
      coalesce(NEW.scanned_by, 0), 1, (NEW.result = 'OK')::int, NEW.scanned_at, NEW.scanned_at)
    ON CONFLICT (hour, session_id, user_id) DO UPDATE SET scans = h.scans + 1, ok = h.ok + excluded.ok,
      first_at = least(h.first_at, excluded.first_at), last_at = greatest(h.last_at, excluded.last_at);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER scans_hours_add AFTER INSERT ON scans FOR EACH ROW WHEN (NEW.undone_at IS NULL)
  EXECUTE FUNCTION scan_hours_add();
--> statement-breakpoint
CREATE FUNCTION scan_hours_undo() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  b timestamptz := date_bin('1 hour', NEW.scanned_at, timestamptz '2000-01-01 00:00:00+00');
  u integer := coalesce(NEW.scanned_by, 0);
BEGIN
  UPDATE scan_hours h SET scans = h.scans - 1, ok = h.ok - (NEW.result = 'OK')::int,
      first_at = coalesce(x.first_at, h.first_at), last_at = coalesce(x.last_at, h.last_at)
    FROM (SELECT min(s.scanned_at) AS first_at, max(s.scanned_at) AS last_at FROM scans s
      WHERE s.session_id = NEW.session_id AND coalesce(s.scanned_by, 0) = u AND s.undone_at IS NULL
        AND s.scanned_at >= b AND s.scanned_at < b + interval '1 hour') x
    WHERE h.hour = b AND h.session_id = NEW.session_id AND h.user_id = u;
  DELETE FROM scan_hours WHERE hour = b AND session_id = NEW.session_id AND user_id = u AND scans <= 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER scans_hours_undo AFTER UPDATE OF undone_at ON scans FOR EACH ROW
  WHEN (OLD.undone_at IS NULL AND NEW.undone_at IS NOT NULL) EXECUTE FUNCTION scan_hours_undo();
