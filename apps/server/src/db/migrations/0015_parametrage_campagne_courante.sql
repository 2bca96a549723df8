-- One current campaign per ODG (issue 16): the latest one of each ODG becomes current.
UPDATE campagne SET courante = true
 WHERE id IN (SELECT DISTINCT ON (odg_id) id FROM campagne WHERE odg_id IS NOT NULL
               ORDER BY odg_id, debut DESC, id DESC);
--> statement-breakpoint
-- A round created without a campaign belongs to its ODG's current campaign, whichever code path
-- creates it (wizard, quick creation, unannounced inspection).
CREATE FUNCTION estive_tournee_campagne() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.campagne_id IS NULL THEN
    NEW.campagne_id := (SELECT id FROM campagne WHERE odg_id = NEW.odg_id AND courante);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER tournee_campagne BEFORE INSERT ON tournee FOR EACH ROW EXECUTE FUNCTION estive_tournee_campagne();
