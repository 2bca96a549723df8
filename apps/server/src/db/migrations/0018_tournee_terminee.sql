-- A round whose controls are all finished (REALISE*) or cancelled moves to TERMINEE by itself
-- (issue 14 Deliver 2), whichever path changed the last control (device push, office cancel),
-- and the move is recorded with the controller whose control closed it.
-- The round row is locked first: two controls of one round finished in concurrent transactions
-- then judge one after the other, and the second sees the first's control (READ COMMITTED takes
-- a new snapshot per statement), so the last one always closes the round.
CREATE FUNCTION estive_tournee_terminee() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM tournee WHERE id = NEW.tournee_id AND statut IN ('ATTENTE_SYNCHRO', 'SYNCHRONISE') FOR UPDATE;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  UPDATE tournee r SET statut = 'TERMINEE'
   WHERE r.id = NEW.tournee_id
     AND EXISTS (SELECT 1 FROM controle c WHERE c.tournee_id = r.id AND c.deleted_at IS NULL)
     AND NOT EXISTS (SELECT 1 FROM controle c WHERE c.tournee_id = r.id AND c.deleted_at IS NULL
                       AND c.statut NOT IN ('ANNULE', 'REALISE', 'REALISE_PP_NON_SIGNE', 'REALISE_ATTENTE_SIGNATURE'));
  IF FOUND THEN
    INSERT INTO tournee_evenement (tournee_id, statut, utilisateur_id)
    VALUES (NEW.tournee_id, 'TERMINEE', NEW.controleur_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER controle_tournee_terminee AFTER UPDATE OF statut, deleted_at ON controle
  FOR EACH ROW WHEN (NEW.tournee_id IS NOT NULL) EXECUTE FUNCTION estive_tournee_terminee();
