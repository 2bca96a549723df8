-- Sync hints (DESIGN §9): every write of a synchronised row also notifies 'estive_synchro' with
-- the table's name. PostgreSQL delivers it at commit, once per table and transaction (identical
-- notifications are folded), to every API node listening, which tells its websocket clients that
-- the feeds have news. Device logs (front_log) go up only: they give no hint.
CREATE OR REPLACE FUNCTION estive_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.change_xid := pg_current_xact_id();
  IF TG_OP = 'UPDATE' THEN
    NEW.version := OLD.version + 1;
    NEW.updated_at := now();
  END IF;
  IF TG_TABLE_NAME <> 'front_log' THEN
    PERFORM pg_notify('estive_synchro', TG_TABLE_NAME);
  END IF;
  RETURN NEW;
END $$;
