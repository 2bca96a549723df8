import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  NIVEAUX_CONTROLE,
  RESULTATS_CONTROLE,
  STATUTS_CONTROLE,
  STATUTS_TOURNEE,
  type StatutTournee,
} from '@estive/domain';
import type { Database, Transaction } from '../../db/client';
import { colonne, ligne, ligneCompte, lignes, premiereLigne } from '../../db/lignes';
import { listeSql } from '../../db/listes';
import { motifContient, ordreColonne } from '../../lib/paging';

/** Reads of the rounds area. The perimeter (ODG) is in every WHERE. */

const campagneDeTournee = z.object({
  libelle: colonne.texte,
  debut: colonne.texte,
  fin: colonne.texte,
});
export type CampagneDeTournee = z.infer<typeof campagneDeTournee>;

/** A round (`SELECT_TOURNEE`): controller, campaign and planning come from left joins. */
const ligneTournee = z.object({
  id: colonne.entier,
  debut: colonne.texte,
  fin: colonne.texte,
  statut: z.enum(STATUTS_TOURNEE),
  odg_id: colonne.entier,
  controleur_id: colonne.entier.nullable(),
  controleur_nom: colonne.texte.nullable(),
  controleur_prenom: colonne.texte.nullable(),
  campagne_id: colonne.entier.nullable(),
  campagne_libelle: colonne.texte.nullable(),
  planning_id: colonne.entier.nullable(),
  planning_nom: colonne.texte.nullable(),
  nb_operateurs: colonne.entier,
});
export type LigneTournee = z.output<typeof ligneTournee>;

/** `{ id, libelle }` built by json_build_object (a bigint id is a JSON number). */
const reference = z.object({ id: colonne.entier, libelle: colonne.texte });

/** A live control of a round; `sites` and `activites` are null when the control has none. */
const ligneControle = z.object({
  id: colonne.entier,
  tournee_id: colonne.entier,
  personne_morale_id: colonne.entier,
  raison_sociale: colonne.texte,
  date: colonne.instant,
  aop_id: colonne.entier,
  aop_libelle: colonne.texte,
  sites: z.array(reference).nullable(),
  niveau: z.enum(NIVEAUX_CONTROLE),
  statut: z.enum(STATUTS_CONTROLE),
  resultat: z.enum(RESULTATS_CONTROLE).nullable(),
  activites: z.array(reference).nullable(),
  fichier_ids: z.array(colonne.entier),
  raison_abandon: colonne.texte.nullable(),
  controleur_id: colonne.entier.nullable(),
  /** 'Prénom Nom' of the control's controller. */
  controleur: colonne.texte.nullable(),
});
export type LigneControle = z.output<typeof ligneControle>;

/** An operator of a round; the draft is passed through to the presenter, which checks it. */
const ligneOperateur = z.object({
  personne_morale_id: colonne.entier,
  raison_sociale: colonne.texte,
  siret: colonne.texte,
  code_postal: colonne.texte.nullable(),
  ville: colonne.texte.nullable(),
  valide: colonne.booleen,
  brouillon: colonne.json,
  avis_id: colonne.entier.nullable(),
  avis_nom: colonne.texte.nullable(),
});
export type LigneOperateur = z.output<typeof ligneOperateur>;

const ligneEvenement = z.object({
  statut: z.enum(STATUTS_TOURNEE),
  le: colonne.instant,
  par: colonne.texte.nullable(),
});
export type LigneEvenement = z.output<typeof ligneEvenement>;

const identifiant = z.object({ id: colonne.entier });

export interface FiltresTournee {
  controleur?: string;
  statuts: readonly StatutTournee[];
  periodeFrom?: string;
  periodeTo?: string;
  campagneId?: number;
  /** A controller reading his own rounds (never the ones in preparation). */
  controleurId?: number;
}

const TRI: Record<string, SQL> = {
  debut: sql`r.debut`,
  fin: sql`r.fin`,
  statut: sql`r.statut`,
  controleur: sql`pp.nom`,
};

function ordre(sort: readonly string[]): SQL {
  const parts = sort.map((valeur) => ordreColonne(valeur, TRI));
  return sql.join([...parts, sql`r.debut desc`, sql`r.id desc`], sql`, `);
}

const SELECT_TOURNEE = sql`
  select r.id, r.debut::text as debut, r.fin::text as fin, r.statut, r.odg_id, r.controleur_id,
         pp.nom as controleur_nom, pp.prenom as controleur_prenom,
         c.id as campagne_id, c.libelle as campagne_libelle,
         f.id as planning_id, f.file_name as planning_nom,
         (select count(*)::int from tournee_operateur o where o.tournee_id = r.id) as nb_operateurs
    from tournee r
    left join utilisateur u on u.id = r.controleur_id
    left join personne_physique pp on pp.id = u.personne_physique_id
    left join campagne c on c.id = r.campagne_id
    left join fichier f on f.id = r.planning_fichier_id`;

export function createTourneesRepository(db: Database) {
  const where = (odgId: number | null, f: FiltresTournee): SQL => {
    const c: SQL[] = [sql`r.deleted_at is null`];
    if (odgId !== null) c.push(sql`r.odg_id = ${odgId}`);
    if (f.controleurId !== undefined)
      c.push(sql`r.controleur_id = ${f.controleurId} and r.statut <> 'PREPARATION'`);
    if (f.statuts.length > 0)
      c.push(
        sql`r.statut in (${sql.join(
          f.statuts.map((s) => sql`${s}`),
          sql`, `,
        )})`,
      );
    if (f.controleur)
      c.push(sql`estive_normalise(coalesce(pp.nom, '') || ' ' || coalesce(pp.prenom, '') || ' ' || coalesce(u.login, ''))
                 like estive_normalise(${motifContient(f.controleur)})`);
    if (f.periodeFrom) c.push(sql`r.fin >= ${f.periodeFrom}::date`);
    if (f.periodeTo) c.push(sql`r.debut <= ${f.periodeTo}::date`);
    if (f.campagneId !== undefined) c.push(sql`r.campagne_id = ${f.campagneId}`);
    return sql.join(c, sql` and `);
  };

  return {
    async lister(
      odgId: number,
      f: FiltresTournee,
      sort: readonly string[],
      page: { page: number; size: number },
    ) {
      const w = where(odgId, f);
      const total = await ligne(
        db,
        sql`select count(*)::int as n from tournee r
              left join utilisateur u on u.id = r.controleur_id
              left join personne_physique pp on pp.id = u.personne_physique_id
             where ${w}`,
        ligneCompte,
      );
      const content = await lignes(
        db,
        sql`${SELECT_TOURNEE} where ${w} order by ${ordre(sort)}
            limit ${page.size} offset ${page.page * page.size}`,
        ligneTournee,
      );
      return { content, totalElements: total.n };
    },

    /** One round of the ODG (null: every ODG, for a controller reading his own round). */
    async trouver(id: number, odgId: number | null, controleurId?: number) {
      return premiereLigne(
        db,
        sql`${SELECT_TOURNEE} where r.id = ${id} and ${where(odgId, { statuts: [], controleurId })}`,
        ligneTournee,
      );
    },

    /** The live controls of rounds, with what the screens print of them. */
    async controles(
      tourneeIds: readonly number[],
      executeur: Database | Transaction = db,
    ): Promise<LigneControle[]> {
      if (tourneeIds.length === 0) return [];
      return lignes(
        executeur,
        sql`select c.id, c.tournee_id, c.personne_morale_id, p.raison_sociale, c.date,
                   a.id as aop_id, a.libelle as aop_libelle, c.niveau, c.statut, c.resultat,
                   c.fichier_ids, c.raison_abandon, c.controleur_id,
                   nullif(trim(coalesce(cp.prenom, '') || ' ' || coalesce(cp.nom, '')), '') as controleur,
                   (select json_agg(json_build_object('id', s.id, 'libelle', s.libelle) order by s.libelle, s.id)
                      from site s where s.id = any(c.site_ids)) as sites,
                   (select json_agg(json_build_object('id', aa.id, 'libelle', ac.libelle) order by ac.libelle, aa.id)
                      from activite_aop aa join activite ac on ac.id = aa.activite_id
                     where aa.id = any(c.activite_aop_igp_ids)) as activites
              from controle c
              join personne_morale p on p.id = c.personne_morale_id
              join aop_igp a on a.id = c.aop_igp_id
              left join utilisateur cu on cu.id = c.controleur_id
              left join personne_physique cp on cp.id = cu.personne_physique_id
             where c.tournee_id in (${listeSql(tourneeIds)}) and c.deleted_at is null
             order by c.date, p.raison_sociale, a.libelle, c.id`,
        ligneControle,
      );
    },

    async operateurs(tourneeId: number): Promise<LigneOperateur[]> {
      return lignes(
        db,
        sql`select p.id as personne_morale_id, p.raison_sociale, p.siret, p.code_postal, p.ville,
                   o.valide, o.brouillon, f.id as avis_id, f.file_name as avis_nom
              from tournee_operateur o
              join personne_morale p on p.id = o.personne_morale_id
              left join fichier f on f.id = o.avis_passage_fichier_id
             where o.tournee_id = ${tourneeId}
             order by p.raison_sociale, p.id`,
        ligneOperateur,
      );
    },

    async evenements(tourneeId: number): Promise<LigneEvenement[]> {
      return lignes(
        db,
        sql`select e.statut, e.le,
                   nullif(trim(coalesce(pp.prenom, '') || ' ' || coalesce(pp.nom, '')), '') as par
              from tournee_evenement e
              left join utilisateur u on u.id = e.utilisateur_id
              left join personne_physique pp on pp.id = u.personne_physique_id
             where e.tournee_id = ${tourneeId}
             order by e.le, e.id`,
        ligneEvenement,
      );
    },

    /** The round's campaign and its dates, when it has one: its controls stay inside them. */
    async campagne(tx: Transaction, tourneeId: number) {
      return premiereLigne(
        tx,
        sql`select c.libelle, c.debut::text as debut, c.fin::text as fin
              from tournee t join campagne c on c.id = t.campagne_id
             where t.id = ${tourneeId}`,
        campagneDeTournee,
      );
    },

    /** An active controller holding a right on the ODG: the only ones a round may be given to. */
    async estControleurDeLOdg(tx: Transaction | Database, utilisateurId: number, odgId: number) {
      const rows = await lignes(
        tx,
        sql`select u.id from utilisateur u
              join droit d on d.utilisateur_id = u.id and d.organisme_id = ${odgId}
             where u.id = ${utilisateurId} and u.actif and 'ROLE_CONTROLEUR' = any(u.roles)`,
        identifiant,
      );
      return rows.length > 0;
    },
  };
}
export type TourneesRepository = ReturnType<typeof createTourneesRepository>;
