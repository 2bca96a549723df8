-- personne_morale.habilite: the operator holds a validated habilitation (on any label), the
-- directory's 'Habilité'. Kept with the perimeters (odg_ids) by the habilitation triggers of 0009,
-- and carried by each row of the word index (0021), so the directory's filter on it is read from
-- the index alone instead of probing every match's habilitations (80 ms at 50,000 operators).
ALTER TABLE "personne_morale" ADD COLUMN "habilite" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "operateur_mot" ADD COLUMN "habilite" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
DROP INDEX "operateur_mot_recherche_idx";
--> statement-breakpoint
CREATE INDEX "operateur_mot_recherche_idx" ON "operateur_mot" USING btree ("odg_id","mot" text_pattern_ops,"champ","raison_sociale","personne_morale_id","habilite");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION estive_recalcule_perimetres(ids bigint[]) RETURNS void LANGUAGE sql AS $$
  UPDATE personne_morale pm
     SET odg_ids = calc.odg_ids, habilite = calc.habilite
    FROM (
      SELECT p.id, coalesce(
        (SELECT array_agg(DISTINCT a.odg_id ORDER BY a.odg_id)
           FROM habilitation h JOIN aop_igp a ON a.id = h.aop_igp_id
          WHERE h.personne_morale_id = p.id),
        '{}'::bigint[]) AS odg_ids,
        EXISTS (SELECT 1 FROM habilitation h
                 WHERE h.personne_morale_id = p.id AND h.statut = 'VALIDEE') AS habilite
      FROM personne_morale p WHERE p.id = ANY(ids)
    ) calc
   WHERE pm.id = calc.id AND (pm.odg_ids, pm.habilite) IS DISTINCT FROM (calc.odg_ids, calc.habilite)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION estive_indexe_operateurs(ids bigint[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM operateur_mot WHERE personne_morale_id = ANY(ids);
  INSERT INTO operateur_mot (personne_morale_id, odg_id, champ, mot, raison_sociale, habilite)
  SELECT DISTINCT p.id, o.odg_id, c.champ, c.mot, p.raison_sociale, p.habilite
    FROM personne_morale p
    CROSS JOIN LATERAL unnest(CASE WHEN p.odg_ids = '{}' THEN ARRAY[0::bigint] ELSE p.odg_ids END)
      AS o(odg_id)
    CROSS JOIN LATERAL (
      SELECT '' AS champ, '' AS mot
      UNION ALL SELECT 'rs', unnest(estive_mots(p.raison_sociale))
      UNION ALL SELECT 'nom', unnest(estive_mots(p.nom))
      UNION ALL SELECT 'siret', unnest(estive_mots(replace(p.siret, ' ', '')))
      UNION ALL SELECT 'cp', unnest(estive_mots(p.code_postal))
      UNION ALL SELECT 'ville', unnest(estive_mots(p.ville))
      UNION ALL SELECT 'mail', unnest(estive_mots(p.mail))
      UNION ALL SELECT 'ede', unnest(estive_mots(p.ede))
      UNION ALL SELECT 'pac', unnest(estive_mots(p.pacage))
    ) AS c
   WHERE p.id = ANY(ids) AND p.deleted_at IS NULL
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION estive_personne_morale_mots() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM estive_indexe_operateurs(ARRAY(SELECT id FROM nouveaux));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM estive_indexe_operateurs(ARRAY(
      SELECT n.id FROM nouveaux n JOIN anciens a ON a.id = n.id
       WHERE (n.recherche, n.raison_sociale, n.odg_ids, n.habilite, n.deleted_at)
             IS DISTINCT FROM (a.recherche, a.raison_sociale, a.odg_ids, a.habilite, a.deleted_at)));
  ELSE
    DELETE FROM operateur_mot WHERE personne_morale_id IN (SELECT id FROM anciens);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The existing operators' flag, and so their words. Their version stays: the devices' copy of an
-- operator does not hold the flag (they see its habilitations), so nothing is sent again.
ALTER TABLE "personne_morale" DISABLE TRIGGER "personne_morale_touch";
--> statement-breakpoint
UPDATE personne_morale p SET habilite = true
 WHERE EXISTS (SELECT 1 FROM habilitation h WHERE h.personne_morale_id = p.id AND h.statut = 'VALIDEE');
--> statement-breakpoint
ALTER TABLE "personne_morale" ENABLE TRIGGER "personne_morale_touch";
