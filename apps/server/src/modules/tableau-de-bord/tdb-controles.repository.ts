import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  NATURES_CONTROLE,
  NIVEAUX_CONTROLE,
  RESULTATS_CONTROLE,
  STATUTS_CONTROLE,
  type NatureControle,
  type NiveauControle,
  type ResultatControle,
  type StatutControle,
} from '@estive/domain';
import type { TdbControleQuery } from '@estive/contracts';
import type { Database } from '../../db/client';
import { colonne, ligne, ligneCompte, ligneExiste, lignes, premiereLigne } from '../../db/lignes';
import {
  dans,
  et,
  iso,
  ordre,
  pagesExport,
  rechercheAuditeur,
  rechercheOperateur,
} from './sql-fragments';

export interface FiltresControles extends Omit<TdbControleQuery, 'page' | 'size' | 'sort'> {
  nature?: NatureControle[];
  resultat?: ResultatControle[];
  statut?: StatutControle[];
  niveau?: NiveauControle[];
  sort?: string[];
}

/** A row of the Contrôles tab (`SELECT`); `activites` is null when the control has none. */
const ligneControle = z.object({
  id: colonne.texte,
  personneMoraleId: colonne.texte,
  raisonSociale: colonne.texte,
  siret: colonne.texte,
  aopIgpId: colonne.texte,
  aopIgp: colonne.texte,
  activites: z.array(colonne.texte).nullable(),
  nature: z.enum(NATURES_CONTROLE),
  niveau: z.enum(NIVEAUX_CONTROLE),
  date: colonne.texte,
  statut: z.enum(STATUTS_CONTROLE),
  resultat: z.enum(RESULTATS_CONTROLE).nullable(),
  nbManquement: colonne.entier,
  auditeur: colonne.texte.nullable(),
  commentaireAudite: colonne.texte.nullable(),
  raisonAbandon: colonne.texte.nullable(),
  rapportFichierId: colonne.texte.nullable(),
});
export type LigneControle = z.output<typeof ligneControle>;

/** The matching controls of a month, by result. */
const ligneMois = z.object({
  mois: colonne.texte,
  conformes: colonne.entier,
  nonConformes: colonne.entier,
  sansResultat: colonne.entier,
});

/** The operator whose follow-up is asked (its perimeter is checked apart, with the controls). */
const ligneOperateur = z.object({
  id: colonne.texte,
  raisonSociale: colonne.texte,
  siret: colonne.texte,
  codePostal: colonne.texte.nullable(),
  ville: colonne.texte.nullable(),
});

const COLONNES: Record<string, SQL> = {
  date: sql`c.date`,
  raisonSociale: sql`p.raison_sociale`,
  siret: sql`p.siret`,
  aopIgp: sql`a.libelle`,
  nature: sql`c.nature`,
  niveau: sql`c.niveau`,
  statut: sql`c.statut`,
  resultat: sql`c.resultat`,
};

/** Columns of the Contrôles tab, one row per control; the perimeter is `c.odg_id`. */
const SELECT = sql`
  select c.id::text as id, p.id::text as "personneMoraleId", p.raison_sociale as "raisonSociale",
         p.siret, a.id::text as "aopIgpId", a.libelle as "aopIgp",
         (select array_agg(act.libelle order by act.libelle) from activite_aop aa
            join activite act on act.id = aa.activite_id
           where aa.id = any(c.activite_aop_igp_ids)) as activites,
         c.nature, c.niveau, ${iso(sql`c.date`)} as date, c.statut, c.resultat,
         (select count(*)::int from manquement m
           where (m.controle_id = c.id or m.controle_recidive_id = c.id)
             and m.deleted_at is null) as "nbManquement",
         coalesce(pa.prenom || ' ' || pa.nom, pu.prenom || ' ' || pu.nom) as auditeur,
         coalesce(c.synthese #>> '{audite,observation}', c.observation) as "commentaireAudite",
         c.raison_abandon as "raisonAbandon",
         (select max(f.id)::text from fichier f
           where f.controle_id = c.id and f.type_document = 'RAPPORT_AUDIT'
             and (c.rapport_sha256 is null or f.sha256 = c.rapport_sha256)) as "rapportFichierId"
    from controle c
    join personne_morale p on p.id = c.personne_morale_id
    join aop_igp a on a.id = c.aop_igp_id
    left join utilisateur u on u.id = c.controleur_id
    left join personne_physique pu on pu.id = u.personne_physique_id
    left join personne_physique pa on pa.id = c.auditeur_id`;

function conditions(odgId: number, f: FiltresControles): SQL {
  return et([
    sql`c.odg_id = ${odgId}`,
    sql`c.deleted_at is null`,
    f.dateFrom
      ? sql`c.date >= (${f.dateFrom}::date)::timestamp at time zone 'Europe/Paris'`
      : undefined,
    f.dateTo
      ? sql`c.date < ((${f.dateTo}::date + 1)::timestamp at time zone 'Europe/Paris')`
      : undefined,
    f.campagneId
      ? sql`exists (select 1 from campagne k where k.id = ${Number(f.campagneId)}
                     and (k.odg_id is null or k.odg_id = ${odgId})
                     and c.date >= k.debut::timestamp at time zone 'Europe/Paris'
                     and c.date < (k.fin + 1)::timestamp at time zone 'Europe/Paris')`
      : undefined,
    dans(sql`c.nature`, f.nature),
    dans(sql`c.resultat`, f.resultat),
    dans(sql`c.statut`, f.statut),
    dans(sql`c.niveau`, f.niveau),
    f.controleurId ? sql`c.controleur_id = ${Number(f.controleurId)}` : undefined,
    f.personneMoraleId ? sql`c.personne_morale_id = ${Number(f.personneMoraleId)}` : undefined,
    f.aopIgpId ? sql`c.aop_igp_id = ${Number(f.aopIgpId)}` : undefined,
    rechercheOperateur(f.operateur),
    rechercheAuditeur(f.auditeur),
  ]);
}

export function createTdbControlesRepository(db: Database) {
  return {
    async page(odgId: number, f: FiltresControles, page: number, size: number) {
      const where = conditions(odgId, f);
      const total = await ligne(
        db,
        sql`select count(*)::int as n from controle c
              join personne_morale p on p.id = c.personne_morale_id where ${where}`,
        ligneCompte,
      );
      const content = await lignes(
        db,
        sql`${SELECT} where ${where}
             order by ${ordre(f.sort ?? [], COLONNES, sql`c.date desc`, sql`c.id`)}
             limit ${size} offset ${page * size}`,
        ligneControle,
      );
      return { content, totalElements: total.n };
    },

    /** Results by month (Europe/Paris) of the matching controls, the latest 24 months. */
    async parMois(odgId: number, f: FiltresControles) {
      const rows = await lignes(
        db,
        sql`select to_char(c.date at time zone 'Europe/Paris', 'YYYY-MM') as mois,
                   count(*) filter (where c.resultat = 'CONFORME')::int as conformes,
                   count(*) filter (where c.resultat = 'NON_CONFORME')::int as "nonConformes",
                   count(*) filter (where c.resultat is null)::int as "sansResultat"
              from controle c join personne_morale p on p.id = c.personne_morale_id
             where ${conditions(odgId, f)}
             group by 1 order by 1 desc limit 24`,
        ligneMois,
      );
      return rows.reverse();
    },

    /** Every matching row, in pages of `lot`, for the XLSX export (streamed, never all in memory). */
    tout(odgId: number, f: FiltresControles, lot = 2000): AsyncGenerator<LigneControle[]> {
      const ordonne = ordre(f.sort ?? [], COLONNES, sql`c.date desc`, sql`c.id`);
      return pagesExport(
        db,
        sql`${SELECT} where ${conditions(odgId, f)} order by ${ordonne}`,
        ligneControle,
        lot,
      );
    },

    /** One operator's controls (follow-up), the perimeter in the WHERE. */
    async deLOperateur(odgId: number, personneMoraleId: number) {
      return lignes(
        db,
        sql`${SELECT} where ${conditions(odgId, { personneMoraleId: String(personneMoraleId) })}
             order by c.date desc, c.id desc limit 500`,
        ligneControle,
      );
    },

    async parId(odgId: number, id: number): Promise<LigneControle | undefined> {
      return premiereLigne(
        db,
        sql`${SELECT} where ${conditions(odgId, {})} and c.id = ${id}`,
        ligneControle,
      );
    },

    async operateur(personneMoraleId: number) {
      return premiereLigne(
        db,
        sql`select p.id::text as id, p.raison_sociale as "raisonSociale", p.siret,
                   p.code_postal as "codePostal", p.ville
              from personne_morale p where p.id = ${personneMoraleId} and p.deleted_at is null`,
        ligneOperateur,
      );
    },

    /** Whether the operator is known to the ODG (habilitated for one of its labels, or controlled). */
    async operateurDuPerimetre(odgId: number, personneMoraleId: number): Promise<boolean> {
      const rows = await lignes(
        db,
        sql`select 1 as ok where exists (
              select 1 from habilitation h join aop_igp a on a.id = h.aop_igp_id
               where h.personne_morale_id = ${personneMoraleId} and a.odg_id = ${odgId})
            or exists (select 1 from controle c
                        where c.personne_morale_id = ${personneMoraleId} and c.odg_id = ${odgId})`,
        ligneExiste,
      );
      return rows.length > 0;
    },
  };
}
export type TdbControlesRepository = ReturnType<typeof createTdbControlesRepository>;
