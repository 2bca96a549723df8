import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { colonne, premiereLigne } from '../../db/lignes';

const avisDePassage = z.object({
  mail: colonne.texte.nullable(),
  raisonSociale: colonne.texte,
  date: colonne.texte,
  heure: colonne.texte,
  /** Every label of the visit (the operator's programmed controls of that round and instant). */
  aopIgps: z.array(z.string()),
  /** The round's statut: the letter exists once the round is finalised (null: no round). */
  tourneeStatut: colonne.texte.nullable(),
  controleur: colonne.texte.nullable(),
  odg: colonne.texte,
});

/** What an avis de passage mail needs, for a programmed control of the ODG. */
export function createAvisDePassageRepository(db: Database) {
  return {
    async lire(controleId: number, odgId: number) {
      return premiereLigne(
        db,
        sql`select nullif(trim(p.mail), '') as mail, p.raison_sociale as "raisonSociale",
                   to_char(c.date at time zone 'Europe/Paris', 'YYYY-MM-DD') as date,
                   to_char(c.date at time zone 'Europe/Paris', 'HH24:MI') as heure,
                   array(select a2.libelle from controle c2 join aop_igp a2 on a2.id = c2.aop_igp_id
                          where c2.personne_morale_id = c.personne_morale_id and c2.date = c.date
                            and c2.tournee_id is not distinct from c.tournee_id
                            and c2.statut = 'PROGRAMME' and c2.deleted_at is null
                          order by a2.libelle) as "aopIgps",
                   t.statut as "tourneeStatut", o.raison_sociale as odg,
                   case when pp.id is null then null else pp.prenom || ' ' || pp.nom end as controleur
            from controle c
            join personne_morale p on p.id = c.personne_morale_id
            left join tournee t on t.id = c.tournee_id
            join organisme o on o.id = c.odg_id
            left join utilisateur u on u.id = c.controleur_id
            left join personne_physique pp on pp.id = u.personne_physique_id
            where c.id = ${controleId} and c.odg_id = ${odgId} and c.statut = 'PROGRAMME'
              and c.deleted_at is null`,
        avisDePassage,
      );
    },
  };
}
export type AvisDePassageRepository = ReturnType<typeof createAvisDePassageRepository>;
