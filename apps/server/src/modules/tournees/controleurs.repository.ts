import { sql, type SQL } from 'drizzle-orm';
import type { ControleurQuery } from '@estive/contracts';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { colonne, ligne, ligneCompte, lignes } from '../../db/lignes';
import { motifContient, ordreColonne } from '../../lib/paging';

/** A controller; the employer comes from a left join. */
const ligneControleur = z.object({
  id: colonne.entier,
  nom: colonne.texte,
  prenom: colonne.texte,
  mail: colonne.texte.nullable(),
  telephone: colonne.texte.nullable(),
  employeur: colonne.texte.nullable(),
  employeur_siret: colonne.texte.nullable(),
});
export type LigneControleur = z.output<typeof ligneControleur>;

/** A programmed visit of a controller; the operator only when it is the perimeter's. */
const ligneVisite = z.object({
  id: colonne.entier,
  tournee_id: colonne.entier.nullable(),
  personne_morale_id: colonne.entier.nullable(),
  raison_sociale: colonne.texte.nullable(),
  date: colonne.instant,
});
export type LigneVisite = z.output<typeof ligneVisite>;

/** Enough for months of a controller's visits; the check looks at the coming ones. */
const VISITES_MAX = 1000;

const TRI: Record<string, SQL> = {
  nom: sql`pp.nom`,
  prenom: sql`pp.prenom`,
  mail: sql`pp.mail`,
  raisonSociale: sql`o.raison_sociale`,
};

/**
 * The controllers of a perimeter: active accounts with ROLE_CONTROLEUR holding a right on the
 * ODG (the ones a round may be given to). Their id is the account's, a round's controleurId.
 */
export function createControleursRepository(db: Database) {
  return {
    async rechercher(odgId: number, q: ControleurQuery) {
      const c: SQL[] = [
        sql`u.actif and 'ROLE_CONTROLEUR' = any(u.roles)`,
        sql`exists (select 1 from droit d where d.utilisateur_id = u.id and d.organisme_id = ${odgId})`,
      ];
      const texte = (colonne: SQL, v: string | undefined) => {
        if (v)
          c.push(
            sql`estive_normalise(coalesce(${colonne}, '')) like estive_normalise(${motifContient(v)})`,
          );
      };
      texte(sql`pp.nom`, q.nom);
      texte(sql`pp.prenom`, q.prenom);
      texte(sql`pp.mail`, q.mail);
      texte(sql`o.raison_sociale`, q.raisonSociale);
      if (q.telephone)
        c.push(
          sql`regexp_replace(coalesce(pp.telephone, ''), '\\D', '', 'g') like ${motifContient(q.telephone.replace(/\D/g, ''))}`,
        );
      if (q.siret)
        c.push(
          sql`replace(coalesce(o.siret, ''), ' ', '') like ${motifContient(q.siret.replace(/\s/g, ''))}`,
        );
      const where = sql.join(c, sql` and `);
      const ordre = q.sort.map((valeur) => ordreColonne(valeur, TRI));
      const from = sql`from utilisateur u
        join personne_physique pp on pp.id = u.personne_physique_id
        left join organisme o on o.id = pp.organisme_id
       where ${where}`;
      const total = await ligne(db, sql`select count(*)::int as n ${from}`, ligneCompte);
      const content = await lignes(
        db,
        sql`select u.id, pp.nom, pp.prenom, pp.mail, pp.telephone,
                   o.raison_sociale as employeur, o.siret as employeur_siret
              ${from}
             order by ${sql.join([...ordre, sql`pp.nom`, sql`pp.prenom`, sql`u.id`], sql`, `)}
             limit ${q.size} offset ${q.page * q.size}`,
        ligneControleur,
      );
      return { content, totalElements: total.n };
    },

    /**
     * The controller's visits still to do (PROGRAMME, EN_COURS) from `depuis`, outside the round
     * `sauf`: his own controls, or those of his rounds not given to another. Another ODG's visit
     * comes without its operator (issue 32 item 4: the office sees the hour is taken, not by whom).
     */
    async visites(controleurId: number, odgId: number, sauf: number, depuis: string) {
      return lignes(
        db,
        sql`select c.id, c.tournee_id, c.date,
                   case when c.odg_id = ${odgId} then c.personne_morale_id end as personne_morale_id,
                   case when c.odg_id = ${odgId} then p.raison_sociale end as raison_sociale
              from controle c
              left join tournee t on t.id = c.tournee_id
              join personne_morale p on p.id = c.personne_morale_id
             where (c.controleur_id = ${controleurId}
                    or (c.controleur_id is null and t.controleur_id = ${controleurId}))
               and c.deleted_at is null and c.statut in ('PROGRAMME', 'EN_COURS')
               and c.tournee_id is distinct from ${sauf} and c.date >= ${depuis}::timestamptz
             order by c.date, c.id
             limit ${VISITES_MAX}`,
        ligneVisite,
      );
    },
  };
}
export type ControleursRepository = ReturnType<typeof createControleursRepository>;
