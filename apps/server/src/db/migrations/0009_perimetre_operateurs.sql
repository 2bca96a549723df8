-- personne_morale.odg_ids: the ODGs whose labels the operator is habilitated on (its perimeters),
-- recomputed after each statement on habilitation (one UPDATE per statement, not per row) and when
-- a label changes ODG. The operator's version moves with it: devices pull its habilitations anew.
CREATE FUNCTION estive_recalcule_perimetres(ids bigint[]) RETURNS void LANGUAGE sql AS $$
  UPDATE personne_morale pm
     SET odg_ids = calc.odg_ids
    FROM (
      SELECT p.id, coalesce(
        (SELECT array_agg(DISTINCT a.odg_id ORDER BY a.odg_id)
           FROM habilitation h JOIN aop_igp a ON a.id = h.aop_igp_id
          WHERE h.personne_morale_id = p.id),
        '{}'::bigint[]) AS odg_ids
      FROM personne_morale p WHERE p.id = ANY(ids)
    ) calc
   WHERE pm.id = calc.id AND pm.odg_ids IS DISTINCT FROM calc.odg_ids
$$;
--> statement-breakpoint
CREATE FUNCTION estive_habilitation_perimetres() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM estive_recalcule_perimetres(ARRAY(SELECT DISTINCT personne_morale_id FROM nouvelles));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM estive_recalcule_perimetres(ARRAY(SELECT DISTINCT personne_morale_id FROM anciennes));
  ELSE
    PERFORM estive_recalcule_perimetres(ARRAY(
      SELECT personne_morale_id FROM nouvelles UNION SELECT personne_morale_id FROM anciennes));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER habilitation_perimetres_ins AFTER INSERT ON habilitation
  REFERENCING NEW TABLE AS nouvelles FOR EACH STATEMENT EXECUTE FUNCTION estive_habilitation_perimetres();
--> statement-breakpoint
CREATE TRIGGER habilitation_perimetres_upd AFTER UPDATE ON habilitation
  REFERENCING NEW TABLE AS nouvelles OLD TABLE AS anciennes FOR EACH STATEMENT EXECUTE FUNCTION estive_habilitation_perimetres();
--> statement-breakpoint
CREATE TRIGGER habilitation_perimetres_del AFTER DELETE ON habilitation
  REFERENCING OLD TABLE AS anciennes FOR EACH STATEMENT EXECUTE FUNCTION estive_habilitation_perimetres();
--> statement-breakpoint
CREATE FUNCTION estive_aop_perimetres() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.odg_id IS DISTINCT FROM OLD.odg_id THEN
    PERFORM estive_recalcule_perimetres(ARRAY(
      SELECT DISTINCT personne_morale_id FROM habilitation WHERE aop_igp_id = NEW.id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER aop_igp_perimetres AFTER UPDATE OF odg_id ON aop_igp
  FOR EACH ROW EXECUTE FUNCTION estive_aop_perimetres();
--> statement-breakpoint
SELECT estive_recalcule_perimetres(ARRAY(SELECT DISTINCT personne_morale_id FROM habilitation));
