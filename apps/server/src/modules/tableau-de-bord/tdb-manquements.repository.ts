import { sql, type SQL } from 'drizzle-orm';
import type { EtatManquement, NatureControle, Severite } from '@estive/domain';
import type { TdbManquementQuery } from '@estive/contracts';
import type { Database, Transaction } from '../../db/client';
import { ligne, ligneCompte, ligneExiste, lignes, premiereLigne } from '../../db/lignes';
import { manquement, manquementHistorique } from '../../db/schema';
import { OUVERTS } from '../../db/vocabulaire';
import { aujourdhui, dans, et, iso, ordre, pagesExport, rechercheOperateur } from './sql-fragments';
import {
  etatManquement,
  ligneDetailManquement,
  ligneHistorique,
  ligneManquement,
  ligneParCategorie,
  lignePrecedent,
  type LigneManquement,
} from './tdb-manquements-lignes.repository';

export interface FiltresManquements extends Omit<
  TdbManquementQuery,
  'page' | 'size' | 'sort' | 'recidive' | 'enRetard'
> {
  etat?: EtatManquement[];
  seuil?: Severite[];
  nature?: NatureControle[];
  sort?: string[];
  recidive?: boolean;
  enRetard?: boolean;
}

const OUVERT = sql`m.etat in (${OUVERTS})`;
const EN_RETARD = sql`(${OUVERT} and (m.date_suivi_corrective < ${aujourdhui}
                                     or m.date_suivi_correctrice < ${aujourdhui}))`;
/**
 * An earlier shortcoming of the same operator on the same point and label, or one found again,
 * still open, by a later control (one row: `m.recidive`).
 */
const RECIDIVE = sql`(m.recidive or exists (select 1 from manquement m2
   where m2.personne_morale_id = m.personne_morale_id and m2.point_controle_id = m.point_controle_id
     and m2.aop_igp_id = m.aop_igp_id and m2.id < m.id and m2.deleted_at is null))`;

const DATE = sql`coalesce(c.date, m.created_at)`;
const COLONNES: Record<string, SQL> = {
  date: DATE,
  raisonSociale: sql`p.raison_sociale`,
  aopIgp: sql`a.libelle`,
  codePoint: sql`pc.code`,
  etat: sql`m.etat`,
  seuil: sql`m.niveau`,
  dateModification: sql`m.date_derniere_evolution`,
  dateSuiviCorrective: sql`m.date_suivi_corrective`,
  dateSuiviCorrectrice: sql`m.date_suivi_correctrice`,
};

/** Unsorted, the list reads newest first by the date its first column shows (issue 32, item 3). */
const PAR_DEFAUT = sql`${DATE} desc`;

const FROM = sql`
    from manquement m
    join personne_morale p on p.id = m.personne_morale_id
    join aop_igp a on a.id = m.aop_igp_id
    join point_controle pc on pc.id = m.point_controle_id
    left join controle c on c.id = m.controle_id`;

const SELECT = sql`
  select m.id::text as id, p.id::text as "personneMoraleId", p.raison_sociale as "raisonSociale",
         p.siret, p.code_postal as "codePostal", p.ville,
         coalesce(c.nature, 'INTERNE') = 'INTERNE' as interne, a.libelle as "aopIgp",
         (select array_agg(act.libelle order by act.libelle) from activite_aop aa
            join activite act on act.id = aa.activite_id
           where aa.id = any(c.activite_aop_igp_ids)) as activites,
         c.nature, c.niveau, ${iso(sql`coalesce(c.date, m.created_at)`)} as date,
         pc.code as "codePoint", pc.libelle as "libellePoint", m.etat, m.niveau as seuil,
         ${RECIDIVE} as recidive, ${iso(sql`m.date_derniere_evolution`)} as "dateModification",
         m.date_suivi_corrective::text as "dateSuiviCorrective",
         m.date_suivi_correctrice::text as "dateSuiviCorrectrice", m.commentaire,
         m.informations_audite as "informationsAudite",
         m.informations_auditeur as "informationsAuditeur", coalesce(${EN_RETARD}, false) as "enRetard"
  ${FROM}`;

function conditions(odgId: number, f: FiltresManquements): SQL {
  return et([
    sql`a.odg_id = ${odgId}`,
    sql`m.deleted_at is null`,
    f.dateFrom
      ? sql`coalesce(c.date, m.created_at) >= (${f.dateFrom}::date)::timestamp at time zone 'Europe/Paris'`
      : undefined,
    f.dateTo
      ? sql`coalesce(c.date, m.created_at) < ((${f.dateTo}::date + 1)::timestamp at time zone 'Europe/Paris')`
      : undefined,
    dans(sql`m.etat`, f.etat),
    dans(sql`m.niveau`, f.seuil),
    dans(sql`coalesce(c.nature, 'INTERNE')`, f.nature),
    f.aopIgpId ? sql`m.aop_igp_id = ${Number(f.aopIgpId)}` : undefined,
    f.personneMoraleId ? sql`m.personne_morale_id = ${Number(f.personneMoraleId)}` : undefined,
    f.codePoint ? sql`pc.code = ${f.codePoint}` : undefined,
    f.recidive === undefined ? undefined : f.recidive ? RECIDIVE : sql`not ${RECIDIVE}`,
    f.enRetard === undefined ? undefined : f.enRetard ? EN_RETARD : sql`not ${EN_RETARD}`,
    rechercheOperateur(f.operateur),
  ]);
}

export function createTdbManquementsRepository(db: Database) {
  return {
    async page(odgId: number, f: FiltresManquements, page: number, size: number) {
      const where = conditions(odgId, f);
      const total = await ligne(
        db,
        sql`select count(*)::int as n ${FROM} where ${where}`,
        ligneCompte,
      );
      const content = await lignes(
        db,
        sql`${SELECT} where ${where}
             order by ${ordre(f.sort ?? [], COLONNES, PAR_DEFAUT, sql`m.id`)}
             limit ${size} offset ${page * size}`,
        ligneManquement,
      );
      return { content, totalElements: total.n };
    },

    tout(odgId: number, f: FiltresManquements, lot = 2000): AsyncGenerator<LigneManquement[]> {
      const ordonne = ordre(f.sort ?? [], COLONNES, PAR_DEFAUT, sql`m.id`);
      return pagesExport(
        db,
        sql`${SELECT} where ${conditions(odgId, f)} order by ${ordonne}`,
        ligneManquement,
        lot,
      );
    },

    /** The matching shortcomings counted by category of their point and by severity. */
    async parCategorie(odgId: number, f: FiltresManquements) {
      return lignes(
        db,
        sql`select coalesce(cat.libelle, 'Sans catégorie') as categorie, m.niveau as seuil,
                   count(*)::int as nombre
              ${FROM}
              left join categorie cat on cat.id = pc.categorie_id
             where ${conditions(odgId, f)}
             group by 1, 2 order by 1, 2`,
        ligneParCategorie,
      );
    },

    /**
     * One shortcoming of the perimeter, with what its page shows besides the row. Its control's
     * signed report is the latest RAPPORT_AUDIT whose sha256 is the fingerprint recorded for the
     * control (`rapport_sha256`), so a file added after signing is never the one opened; the
     * control must be of the ODG, as `GET /api/fichier/{id}` requires to serve the file.
     */
    async detail(odgId: number, id: number) {
      return premiereLigne(
        db,
        sql`select x.*, m.aop_igp_id::text as "aopIgpId", m.valeur,
                     m.mesure_corrective as "mesureCorrective",
                     m.delai_suivi_corrective as "delaiSuiviCorrective",
                     m.mesure_correctrice as "mesureCorrectrice",
                     m.delai_suivi_correctrice as "delaiSuiviCorrectrice",
                     m.controle_id::text as "controleId",
                     m.point_controle_id::text as "pointControleId",
                     (select f.id::text from controle c join fichier f on f.controle_id = c.id
                       where c.id = m.controle_id and c.odg_id = ${odgId}
                         and c.deleted_at is null and f.type_document = 'RAPPORT_AUDIT'
                         and f.sha256 = c.rapport_sha256
                       order by f.id desc limit 1) as "rapportSigneFichierId"
                from (${SELECT} where ${conditions(odgId, {})} and m.id = ${id}) x
                join manquement m on m.id = x.id::bigint`,
        ligneDetailManquement,
      );
    },

    async historique(id: number) {
      return lignes(
        db,
        sql`select ${iso(sql`h.created_at`)} as date, h.etat_avant as "etatAvant", h.etat,
                   h.commentaire, h.origine, pp.prenom || ' ' || pp.nom as auteur
              from manquement_historique h
              left join utilisateur u on u.id = h.utilisateur_id
              left join personne_physique pp on pp.id = u.personne_physique_id
             where h.manquement_id = ${id}
             order by h.created_at desc, h.id desc`,
        ligneHistorique,
      );
    },

    /** Earlier shortcomings of the operator on the same point and label (récidive). */
    async precedents(id: number) {
      return lignes(
        db,
        sql`select m2.id::text as id, ${iso(sql`coalesce(c2.date, m2.created_at)`)} as date,
                   m2.etat, m2.niveau as seuil
              from manquement m
              join manquement m2 on m2.personne_morale_id = m.personne_morale_id
               and m2.point_controle_id = m.point_controle_id and m2.aop_igp_id = m.aop_igp_id
               and m2.id < m.id and m2.deleted_at is null
              left join controle c2 on c2.id = m2.controle_id
             where m.id = ${id}
             order by m2.id desc`,
        lignePrecedent,
      );
    },

    /**
     * Changes the state and comment of a shortcoming of the perimeter, journaled in the same
     * transaction; the trigger bumps its version so devices pull it. Undefined when not found.
     */
    async changerEtat(
      odgId: number,
      id: number,
      changement: { etat: EtatManquement; commentaire: string | null; utilisateurId: number },
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const avant = await premiereLigne(
          tx,
          sql`select m.etat from manquement m join aop_igp a on a.id = m.aop_igp_id
               where m.id = ${id} and a.odg_id = ${odgId} and m.deleted_at is null
               for update of m`,
          etatManquement,
        );
        if (!avant) return false;
        await tx.execute(
          sql`update manquement set etat = ${changement.etat},
                     commentaire = coalesce(${changement.commentaire}, commentaire),
                     date_derniere_evolution = now()
               where id = ${id}`,
        );
        await journaliser(tx, {
          manquementId: id,
          utilisateurId: changement.utilisateurId,
          etatAvant: avant.etat,
          etat: changement.etat,
          commentaire: changement.commentaire,
          origine: 'BUREAU',
        });
        return true;
      });
    },

    async creerManuel(values: typeof manquement.$inferInsert, utilisateurId: number) {
      return db.transaction(async (tx) => {
        const [cree] = await tx.insert(manquement).values(values).returning({ id: manquement.id });
        if (!cree) throw new Error('insertion du manquement sans retour');
        await journaliser(tx, {
          manquementId: cree.id,
          utilisateurId,
          etatAvant: null,
          etat: values.etat,
          commentaire: values.commentaire ?? null,
          origine: 'MANUEL',
        });
        return cree.id;
      });
    },

    /** Whether the point is one of the label's control points (and the label the ODG's). */
    async pointDuLabel(odgId: number, aopIgpId: number, pointControleId: number) {
      const rows = await lignes(
        db,
        sql`select 1 as ok from point_controle_aop pca join aop_igp a on a.id = pca.aop_igp_id
             where pca.aop_igp_id = ${aopIgpId} and pca.point_controle_id = ${pointControleId}
               and a.odg_id = ${odgId} and pca.deleted_at is null`,
        ligneExiste,
      );
      return rows.length > 0;
    },
  };
}

export async function journaliser(
  tx: Transaction,
  entree: typeof manquementHistorique.$inferInsert,
): Promise<void> {
  await tx.insert(manquementHistorique).values(entree);
}
export type TdbManquementsRepository = ReturnType<typeof createTdbManquementsRepository>;
