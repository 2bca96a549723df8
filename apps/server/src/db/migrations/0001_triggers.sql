-- Every synchronised row carries the id of the transaction that last wrote it (DESIGN §4, §5):
-- pull feeds are ordered by (change_xid, id) and served below the snapshot's xmin.
CREATE FUNCTION estive_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.change_xid := pg_current_xact_id();
  IF TG_OP = 'UPDATE' THEN
    NEW.version := OLD.version + 1;
    NEW.updated_at := now();
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER organisme_certificateur_touch BEFORE INSERT OR UPDATE ON organisme_certificateur FOR EACH ROW EXECUTE FUNCTION estive_touch();
--> statement-breakpoint
CREATE TRIGGER activite_aop_touch BEFORE INSERT OR UPDATE ON activite_aop FOR EACH ROW EXECUTE FUNCTION estive_touch();
--> statement-breakpoint
CREATE TRIGGER categorie_touch BEFORE INSERT OR UPDATE ON categorie FOR EACH ROW EXECUTE FUNCTION estive_touch();
--> statement-breakpoint
CREATE TRIGGER categorie_activite_touch BEFORE INSERT OR UPDATE ON categorie_activite FOR EACH ROW EXECUTE FUNCTION estive_touch();
--> statement-breakpoint
CREATE TRIGGER point_controle_touch BEFORE INSERT OR UPDATE ON point_controle FOR EACH ROW EXECUTE FUNCTION estive_touch();
--> statement-breakpoint
CREATE TRIGGER groupe_sys_exp_touch BEFORE INSERT OR UPDATE ON groupe_sys_exp FOR EACH ROW EXECUTE FUNCTION estive_touch();
--> statement-breakpoint
CREATE TRIGGER point_sys_exp_touch BEFORE INSERT OR UPDATE ON point_sys_exp FOR EACH ROW EXECUTE FUNCTION estive_touch();
--> statement-breakpoint
CREATE TRIGGER point_controle_aop_touch BEFORE INSERT OR UPDATE ON point_controle_aop FOR EACH ROW EXECUTE FUNCTION estive_touch();
--> statement-breakpoint
CREATE TRIGGER referentiel_touch BEFORE INSERT OR UPDATE ON referentiel FOR EACH ROW EXECUTE FUNCTION estive_touch();
--> statement-breakpoint
CREATE TRIGGER personne_morale_touch BEFORE INSERT OR UPDATE ON personne_morale FOR EACH ROW EXECUTE FUNCTION estive_touch();
--> statement-breakpoint
CREATE TRIGGER tournee_touch BEFORE INSERT OR UPDATE ON tournee FOR EACH ROW EXECUTE FUNCTION estive_touch();
--> statement-breakpoint
CREATE TRIGGER controle_touch BEFORE INSERT OR UPDATE ON controle FOR EACH ROW EXECUTE FUNCTION estive_touch();
--> statement-breakpoint
CREATE TRIGGER manquement_touch BEFORE INSERT OR UPDATE ON manquement FOR EACH ROW EXECUTE FUNCTION estive_touch();
--> statement-breakpoint
CREATE TRIGGER front_log_touch BEFORE INSERT OR UPDATE ON front_log FOR EACH ROW EXECUTE FUNCTION estive_touch();
--> statement-breakpoint
-- A change to an operator's sites, contacts or habilitations is a change of the operator's
-- directory record: touch it so the annuaire-morale feed serves it again.
CREATE FUNCTION estive_touch_personne_morale() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE personne_morale SET updated_at = now()
   WHERE id = COALESCE(NEW.personne_morale_id, OLD.personne_morale_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER site_touch_personne_morale AFTER INSERT OR UPDATE OR DELETE ON site FOR EACH ROW EXECUTE FUNCTION estive_touch_personne_morale();
--> statement-breakpoint
CREATE TRIGGER contact_touch_personne_morale AFTER INSERT OR UPDATE OR DELETE ON contact FOR EACH ROW EXECUTE FUNCTION estive_touch_personne_morale();
--> statement-breakpoint
CREATE TRIGGER habilitation_touch_personne_morale AFTER INSERT OR UPDATE OR DELETE ON habilitation FOR EACH ROW EXECUTE FUNCTION estive_touch_personne_morale();
--> statement-breakpoint
-- The sync inbox is append-only: what a device sent is never altered nor lost.
CREATE FUNCTION estive_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END $$;
--> statement-breakpoint
CREATE TRIGGER sync_inbox_append_only BEFORE UPDATE OR DELETE ON sync_inbox FOR EACH ROW EXECUTE FUNCTION estive_append_only();
--> statement-breakpoint
CREATE TRIGGER sync_inbox_fichier_append_only BEFORE UPDATE OR DELETE ON sync_inbox_fichier FOR EACH ROW EXECUTE FUNCTION estive_append_only();
--> statement-breakpoint
CREATE INDEX controle_change_idx ON controle (change_xid, id);
--> statement-breakpoint
CREATE INDEX personne_morale_change_idx ON personne_morale (change_xid, id);
--> statement-breakpoint
CREATE INDEX manquement_change_idx ON manquement (change_xid, id);
--> statement-breakpoint
CREATE INDEX tournee_change_idx ON tournee (change_xid, id);
--> statement-breakpoint
CREATE INDEX sync_tombstone_change_idx ON sync_tombstone (change_xid, id);
