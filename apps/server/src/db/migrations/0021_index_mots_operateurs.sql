CREATE TABLE "operateur_mot" (
	"personne_morale_id" bigint NOT NULL,
	"odg_id" bigint NOT NULL,
	"champ" text NOT NULL,
	"mot" text NOT NULL,
	"raison_sociale" text NOT NULL,
	CONSTRAINT "operateur_mot_personne_morale_id_odg_id_champ_mot_pk" PRIMARY KEY("personne_morale_id","odg_id","champ","mot")
);
--> statement-breakpoint
CREATE INDEX "operateur_mot_recherche_idx" ON "operateur_mot" USING btree ("odg_id","mot" text_pattern_ops,"champ","raison_sociale","personne_morale_id");--> statement-breakpoint
-- The words of a text as the search matches them: accent- and case-blind (estive_normalise), split
-- on anything that is not a letter or a digit ("Haut-Doubs", "d'Or", "roux.levier@exemple.fr").
-- The client splits typed text the same way (operateurs/mots.ts).
CREATE FUNCTION estive_mots(texte text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT m), '{}')
    FROM unnest(regexp_split_to_array(estive_normalise(coalesce(texte, '')), '[^[:alnum:]]+')) AS m
   WHERE m <> ''
$$;
--> statement-breakpoint
-- Rewrites the words of these operators (an anonymised one has none left).
CREATE FUNCTION estive_indexe_operateurs(ids bigint[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM operateur_mot WHERE personne_morale_id = ANY(ids);
  INSERT INTO operateur_mot (personne_morale_id, odg_id, champ, mot, raison_sociale)
  SELECT DISTINCT p.id, o.odg_id, c.champ, c.mot, p.raison_sociale
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
-- After each statement on personne_morale (one pass per statement, like the perimeters of 0009):
-- only the operators whose searched text, perimeter or deletion changed are rewritten, so the
-- version bumps of a sync leave the index alone.
CREATE FUNCTION estive_personne_morale_mots() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM estive_indexe_operateurs(ARRAY(SELECT id FROM nouveaux));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM estive_indexe_operateurs(ARRAY(
      SELECT n.id FROM nouveaux n JOIN anciens a ON a.id = n.id
       WHERE (n.recherche, n.raison_sociale, n.odg_ids, n.deleted_at)
             IS DISTINCT FROM (a.recherche, a.raison_sociale, a.odg_ids, a.deleted_at)));
  ELSE
    DELETE FROM operateur_mot WHERE personne_morale_id IN (SELECT id FROM anciens);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER personne_morale_mots_ins AFTER INSERT ON personne_morale
  REFERENCING NEW TABLE AS nouveaux FOR EACH STATEMENT EXECUTE FUNCTION estive_personne_morale_mots();
--> statement-breakpoint
CREATE TRIGGER personne_morale_mots_upd AFTER UPDATE ON personne_morale
  REFERENCING NEW TABLE AS nouveaux OLD TABLE AS anciens FOR EACH STATEMENT EXECUTE FUNCTION estive_personne_morale_mots();
--> statement-breakpoint
CREATE TRIGGER personne_morale_mots_del AFTER DELETE ON personne_morale
  REFERENCING OLD TABLE AS anciens FOR EACH STATEMENT EXECUTE FUNCTION estive_personne_morale_mots();
--> statement-breakpoint
SELECT estive_indexe_operateurs(ARRAY(SELECT id FROM personne_morale));
