-- The inbox stays append-only, with one exception: the retention purge may delete the files of
-- the inbox that never became a control's file (rejected: damaged, wrong type, no descriptor, a
-- push refused), once past their retention. Only a transaction that says so (the purge) may.
CREATE OR REPLACE FUNCTION estive_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND TG_TABLE_NAME = 'sync_inbox_fichier'
     AND current_setting('estive.purge_inbox', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END $$;
--> statement-breakpoint
-- "Did this inbox file become a stored file?" is asked by sha256.
CREATE INDEX IF NOT EXISTS fichier_sha256_idx ON fichier (sha256);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS sync_inbox_received_idx ON sync_inbox (received_at);
