import { sql, type SQL } from 'drizzle-orm';
import type {
  NatureControle,
  NiveauControle,
  ResultatControle,
  StatutControle,
} from '@estive/domain';
import type { TdbControleQuery } from '@estive/contracts';
import { queryRows, type Database } from '../../db/client';
import { dans, et, iso, ordre, rechercheAuditeur, rechercheOperateur } from './sql-fragments';

export interface FiltresControles extends Omit<TdbControleQuery, 'page' | 'size' | 'sort'> {
  nature?: NatureControle[];
  resultat?: ResultatControle[];
  statut?: StatutControle[];
  niveau?: NiveauControle[];
  sort?: string[];
}

export interface LigneControle {
  id: string;
  personneMoraleId: string;
  raisonSociale: string;
  siret: string;
  aopIgpId: string;
  aopIgp: string;
  activites: string[] | null;
  nature: NatureControle;
  niveau: NiveauControle;
  date: string;
  statut: StatutControle;
  resultat: ResultatControle | null;
  nbManquement: number;
  auditeur: string | null;
  commentaireAudite: string | null;
  raisonAbandon: string | null;
  rapportFichierId: string | null;
}

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
      const [total] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from controle c
              join personne_morale p on p.id = c.personne_morale_id where ${where}`,
      );
      const content = await queryRows<LigneControle>(
        db,
        sql`${SELECT} where ${where}
             order by ${ordre(f.sort ?? [], COLONNES, sql`c.date desc`, sql`c.id`)}
             limit ${size} offset ${page * size}`,
      );
      return { content, totalElements: total?.n ?? 0 };
    },

    /** Results by month (Europe/Paris) of the matching controls, the latest 24 months. */
    async parMois(odgId: number, f: FiltresControles) {
      const rows = await queryRows<{
        mois: string;
        conformes: number;
        nonConformes: number;
        sansResultat: number;
      }>(
        db,
        sql`select to_char(c.date at time zone 'Europe/Paris', 'YYYY-MM') as mois,
                   count(*) filter (where c.resultat = 'CONFORME')::int as conformes,
                   count(*) filter (where c.resultat = 'NON_CONFORME')::int as "nonConformes",
                   count(*) filter (where c.resultat is null)::int as "sansResultat"
              from controle c join personne_morale p on p.id = c.personne_morale_id
             where ${conditions(odgId, f)}
             group by 1 order by 1 desc limit 24`,
      );
      return rows.reverse();
    },

    /** Every matching row, in pages of `lot`, for the XLSX export (streamed, never all in memory). */
    async *tout(odgId: number, f: FiltresControles, lot = 2000): AsyncGenerator<LigneControle[]> {
      const where = conditions(odgId, f);
      for (let page = 0; ; page++) {
        const rows = await queryRows<LigneControle>(
          db,
          sql`${SELECT} where ${where}
               order by ${ordre(f.sort ?? [], COLONNES, sql`c.date desc`, sql`c.id`)}
               limit ${lot} offset ${page * lot}`,
        );
        if (rows.length > 0) yield rows;
        if (rows.length < lot) return;
      }
    },

    /** One operator's controls (follow-up), the perimeter in the WHERE. */
    async deLOperateur(odgId: number, personneMoraleId: number) {
      return queryRows<LigneControle>(
        db,
        sql`${SELECT} where ${conditions(odgId, { personneMoraleId: String(personneMoraleId) })}
             order by c.date desc, c.id desc limit 500`,
      );
    },

    async parId(odgId: number, id: number): Promise<LigneControle | undefined> {
      const [row] = await queryRows<LigneControle>(
        db,
        sql`${SELECT} where ${conditions(odgId, {})} and c.id = ${id}`,
      );
      return row;
    },

    async operateur(personneMoraleId: number) {
      const [row] = await queryRows<{
        id: string;
        raisonSociale: string;
        siret: string;
        codePostal: string | null;
        ville: string | null;
      }>(
        db,
        sql`select p.id::text as id, p.raison_sociale as "raisonSociale", p.siret,
                   p.code_postal as "codePostal", p.ville
              from personne_morale p where p.id = ${personneMoraleId} and p.deleted_at is null`,
      );
      return row;
    },

    /** Whether the operator is known to the ODG (habilitated for one of its labels, or controlled). */
    async operateurDuPerimetre(odgId: number, personneMoraleId: number): Promise<boolean> {
      const rows = await queryRows<{ ok: number }>(
        db,
        sql`select 1 as ok where exists (
              select 1 from habilitation h join aop_igp a on a.id = h.aop_igp_id
               where h.personne_morale_id = ${personneMoraleId} and a.odg_id = ${odgId})
            or exists (select 1 from controle c
                        where c.personne_morale_id = ${personneMoraleId} and c.odg_id = ${odgId})`,
      );
      return rows.length > 0;
    },
  };
}
export type TdbControlesRepository = ReturnType<typeof createTdbControlesRepository>;
