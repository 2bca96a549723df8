import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { FLUX_CURSEUR, type EntiteSynchro } from '@estive/contracts';
import type { Database, Transaction } from '../../db/client';
import { colonne, lignes } from '../../db/lignes';
import type { Curseur } from './cursor';

/** Who the feed is for, as the SQL needs it (the service derives it from the Acteur). */
export interface Portee {
  utilisateurId: number;
  /** The active right's ODG; null when the caller has none (controllers' own work still flows). */
  odgId: number | null;
  /** Controllers get the controls and rounds assigned to them; the office gets its perimeter's. */
  controleur: boolean;
}

export type EntiteCurseur = Exclude<EntiteSynchro, 'controle-recheck'>;

interface DefinitionFlux {
  table: string;
  /** Rows the caller may see; `t` is the feed's table. */
  portee: (p: Portee) => SQL;
  /** Rows served as `_deleted` although still in scope (soft delete, cancelled round). */
  supprime: SQL;
}

const aucun = sql`false`;
const perimetre = (p: Portee, condition: (odgId: number) => SQL) =>
  p.odgId === null ? aucun : condition(p.odgId);
const aopDuPerimetre = (p: Portee, colonne: SQL) =>
  perimetre(p, (odg) => sql`${colonne} in (select a.id from aop_igp a where a.odg_id = ${odg})`);
const supprime = sql`t.deleted_at is not null`;

/**
 * Scope of every feed (docs/architecture.md §3: the perimeter is enforced in the SQL WHERE). The
 * perimeter is the labels (AOP-IGP) managed by the active right's ODG; directory entries are the
 * operators habilitated on one of them, plus, for a controller, the operators of the controls he
 * holds.
 */
export const FLUX: Record<EntiteCurseur, DefinitionFlux> = {
  // A round in preparation (and its controls) stays in the office until it is finalised:
  // finalising touches the controls, so they are served after the round leaves PREPARATION.
  controle: {
    table: 'controle',
    portee: (p) =>
      sql`${
        p.controleur
          ? sql`t.controleur_id = ${p.utilisateurId}`
          : perimetre(p, (odg) => sql`t.odg_id = ${odg}`)
      } and not exists (select 1 from tournee r where r.id = t.tournee_id and r.statut = 'PREPARATION')`,
    supprime,
  },
  tournee: {
    table: 'tournee',
    portee: (p) =>
      sql`${
        p.controleur
          ? sql`t.controleur_id = ${p.utilisateurId}`
          : perimetre(p, (odg) => sql`t.odg_id = ${odg}`)
      } and t.statut <> 'PREPARATION'`,
    supprime: sql`(t.deleted_at is not null or t.statut = 'ANNULE')`,
  },
  'annuaire-morale': {
    table: 'personne_morale',
    portee: (p) => {
      // `odg_ids` is the same rule kept by triggers (migration 0009), read per row: the join
      // through every habilitation of the perimeter cost ~60 ms a batch on PGlite at 20,000.
      const habilite = perimetre(p, (odg) => sql`t.odg_ids @> array[${odg}]::bigint[]`);
      if (!p.controleur) return habilite;
      return sql`(${habilite} or exists (select 1 from controle c where c.personne_morale_id = t.id
                   and c.controleur_id = ${p.utilisateurId} and c.deleted_at is null))`;
    },
    supprime,
  },
  frontlogs: {
    table: 'front_log',
    portee: (p) => sql`t.utilisateur_id = ${p.utilisateurId}`,
    supprime,
  },
  manquement: {
    table: 'manquement',
    portee: (p) => aopDuPerimetre(p, sql`t.aop_igp_id`),
    supprime,
  },
  groupesysexp: {
    table: 'groupe_sys_exp',
    portee: (p) => perimetre(p, (odg) => sql`t.odg_id = ${odg}`),
    supprime,
  },
  pointsysexp: {
    table: 'point_sys_exp',
    portee: (p) =>
      perimetre(
        p,
        (odg) =>
          sql`t.groupe_sys_exp_id in (select g.id from groupe_sys_exp g where g.odg_id = ${odg})`,
      ),
    supprime,
  },
  // Categories are national: every perimeter uses the same list.
  categorie: { table: 'categorie', portee: () => sql`true`, supprime },
  'categorie-activite': {
    table: 'categorie_activite',
    portee: (p) => perimetre(p, (odg) => sql`t.organisme_id = ${odg}`),
    supprime,
  },
  'activite-aop': {
    table: 'activite_aop',
    portee: (p) => aopDuPerimetre(p, sql`t.aop_igp_id`),
    supprime,
  },
  'point-controle': {
    table: 'point_controle',
    portee: (p) =>
      perimetre(
        p,
        (odg) => sql`t.id in (select pa.point_controle_id from point_controle_aop pa
                               join aop_igp a on a.id = pa.aop_igp_id where a.odg_id = ${odg})`,
      ),
    supprime,
  },
  'point-controle-aop': {
    table: 'point_controle_aop',
    portee: (p) => aopDuPerimetre(p, sql`t.aop_igp_id`),
    supprime,
  },
  'organisme-certificateur': {
    table: 'organisme_certificateur',
    portee: (p) => perimetre(p, (odg) => sql`t.odg_id = ${odg}`),
    supprime,
  },
  referentiels: {
    table: 'referentiel',
    portee: (p) => aopDuPerimetre(p, sql`t.aop_igp_id`),
    supprime,
  },
};

const ligneFlux = z.object({
  /** change_xid as text: xid8 may exceed 2^53. */
  xid: colonne.texte,
  id: colonne.entier,
  supprime: colonne.booleen,
});
export type LigneFlux = z.output<typeof ligneFlux>;
const ligneId = z.object({ id: colonne.entier });
const ligneNouveaute = z.object({ entite: z.enum(FLUX_CURSEUR) });

/**
 * One batch of a feed: the rows and tombstones after the cursor, in `(change_xid, id)` order, and
 * only those written by transactions older than every transaction still running
 * (`change_xid < pg_snapshot_xmin(pg_current_snapshot())`). A transaction that got its xid early
 * but commits late would otherwise land behind a cursor that already moved past it, and its rows
 * would never reach the device.
 *
 * A tombstone is served only while the record is out of the caller's scope: if it came back, the
 * row itself (written later) is served instead, so an id appears once per batch.
 */
export async function lireLot(
  db: Database | Transaction,
  entite: EntiteCurseur,
  p: Portee,
  apres: Curseur,
  limite: number,
): Promise<LigneFlux[]> {
  return lignes(
    db,
    sql`select u.xid::text as xid, u.id, u.supprime from (${requeteLot(entite, p, apres, limite)}) u
        order by u.xid, u.id`,
    ligneFlux,
  );
}

/**
 * The batch of `lireLot` as a sub-query of columns `xid` (xid8), `id`, `supprime`: a feed that
 * builds its documents in SQL joins it in the same statement (one round trip, one snapshot).
 */
export function requeteLot(entite: EntiteCurseur, p: Portee, apres: Curseur, limite: number): SQL {
  const f = FLUX[entite];
  const table = sql.raw(f.table);
  const portee = f.portee(p);
  const borne = sql`pg_snapshot_xmin(pg_current_snapshot())`;
  const curseur = sql`(${apres.xid}::xid8, ${apres.id}::bigint)`;
  return sql`select u.xid, u.id, u.supprime from (
      (select t.change_xid as xid, t.id, ${f.supprime} as supprime
         from ${table} t
        where ${portee} and t.change_xid < ${borne} and (t.change_xid, t.id) > ${curseur}
        order by t.change_xid, t.id limit ${limite})
      union all
      (select s.change_xid, s.entity_id, true
         from (select distinct on (ts.entity_id) ts.change_xid, ts.entity_id
                 from sync_tombstone ts
                where ts.entity = ${entite} and ts.change_xid < ${borne}
                  and (ts.utilisateur_id = ${p.utilisateurId} or ts.utilisateur_id is null)
                order by ts.entity_id, ts.change_xid desc) s
        where (s.change_xid, s.entity_id) > ${curseur}
          and not exists (select 1 from ${table} t where t.id = s.entity_id and ${portee})
        order by s.change_xid, s.entity_id limit ${limite})
    ) u order by u.xid, u.id limit ${limite}`;
}

/** The given records that are in the caller's scope and not deleted. */
export async function idsDansPortee(
  db: Database | Transaction,
  entite: EntiteCurseur,
  p: Portee,
  ids: number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const f = FLUX[entite];
  const rows = await lignes(
    db,
    sql`select t.id from ${sql.raw(f.table)} t
         where t.id in (${sql.join(
           ids.map((id) => sql`${id}`),
           sql`, `,
         )}) and ${f.portee(p)} and not ${f.supprime}`,
    ligneId,
  );
  return rows.map((r) => r.id);
}

/**
 * The feeds that have at least one row or tombstone after their cursor, in one statement: the
 * same query as the batch (`requeteLot`, limit 1), so "nothing" here is exactly what an empty
 * batch would have answered.
 */
export async function fluxAvecNouveautes(
  db: Database | Transaction,
  demandes: { entite: EntiteCurseur; portee: Portee; apres: Curseur }[],
): Promise<EntiteCurseur[]> {
  if (demandes.length === 0) return [];
  const rows = await lignes(
    db,
    sql.join(
      demandes.map(
        (d) =>
          sql`select ${d.entite}::text as entite
               where exists (${requeteLot(d.entite, d.portee, d.apres, 1)})`,
      ),
      sql` union all `,
    ),
    ligneNouveaute,
  );
  return rows.map((r) => r.entite);
}
