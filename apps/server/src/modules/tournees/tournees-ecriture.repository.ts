import { sql } from 'drizzle-orm';
import type { StatutTournee } from '@estive/domain';
import type { Database, Transaction } from '../../db/client';
import { ligne, lignes, premiereLigne } from '../../db/lignes';
import { FINALISES } from '../../db/vocabulaire';
import { listeSql } from '../../db/listes';
import {
  controleExistant,
  type ControleAEcrire,
  etatCartes,
  identifiant,
  referencesBrutes,
  type ReferencesOperateur,
  tourneeVerrouillee,
  type TourneeVerrouillee,
} from './tournees-lignes.repository';

export type { TourneeVerrouillee };

/**
 * A signed control is sealed (spec part 2 §4): no office change to a round moves, reassigns or
 * deletes it.
 */
const NON_FINALISE = sql`statut not in (${FINALISES})`;

const tableau = (ids: readonly number[]) =>
  ids.length === 0 ? sql`'{}'::bigint[]` : sql`array[${listeSql(ids)}]::bigint[]`;

/**
 * A control's date as the wizard sent it: with an offset it is an instant; without, a day or a
 * day and time in Europe/Paris, where the business lives (docs/architecture.md §4), not in the
 * server's zone.
 */
export const dateSql = (date: string) =>
  /(Z|[+-]\d{2}:\d{2})$/.test(date)
    ? sql`${date}::timestamptz`
    : sql`(${date}::timestamp at time zone 'Europe/Paris')`;

/** Writes of the rounds area: each runs in the caller's transaction, the round row locked. */
export function createTourneesEcritureRepository(db: Database) {
  return {
    transaction<T>(action: (tx: Transaction) => Promise<T>): Promise<T> {
      return db.transaction(action);
    },

    /** The round of the ODG, locked for the transaction; undefined elsewhere or deleted. */
    async verrouiller(tx: Transaction, id: number, odgId: number) {
      return premiereLigne(
        tx,
        sql`select id, odg_id, statut, controleur_id from tournee
             where id = ${id} and odg_id = ${odgId} and deleted_at is null for update`,
        tourneeVerrouillee,
      );
    },

    async creer(tx: Transaction, odgId: number, controleurId: number, jour: string) {
      const r = await ligne(
        tx,
        sql`insert into tournee (odg_id, controleur_id, debut, fin, statut, campagne_id)
            values (${odgId}, ${controleurId}, ${jour}::date, ${jour}::date, 'PREPARATION',
                    (select c.id from campagne c
                      where (c.odg_id = ${odgId} or c.odg_id is null)
                        and ${jour}::date between c.debut and c.fin
                      order by c.odg_id nulls last, c.id desc limit 1))
            returning id`,
        identifiant,
      );
      return r.id;
    },

    async evenement(tx: Transaction, tourneeId: number, statut: StatutTournee, par: number | null) {
      await tx.execute(
        sql`insert into tournee_evenement (tournee_id, statut, utilisateur_id)
            values (${tourneeId}, ${statut}, ${par})`,
      );
    },

    /** The round and its live controls go to another controller; the ids of the controls moved. */
    async changerControleur(tx: Transaction, id: number, controleurId: number) {
      await tx.execute(sql`update tournee set controleur_id = ${controleurId} where id = ${id}`);
      const rows = await lignes(
        tx,
        sql`update controle set controleur_id = ${controleurId}
             where tournee_id = ${id} and deleted_at is null and ${NON_FINALISE}
               and controleur_id is distinct from ${controleurId}
            returning id`,
        identifiant,
      );
      return rows.map((r) => r.id);
    },

    async references(
      tx: Transaction,
      odgId: number,
      personneMoraleId: number,
      fichierIds: readonly number[],
    ): Promise<ReferencesOperateur> {
      const r = await ligne(
        tx,
        sql`select
              (select array_agg(s.id) from site s where s.personne_morale_id = ${personneMoraleId}) as sites,
              (select json_agg(json_build_object('id', aa.id, 'aop', aa.aop_igp_id))
                 from activite_aop aa join aop_igp a on a.id = aa.aop_igp_id
                where a.odg_id = ${odgId} and aa.deleted_at is null) as activites,
              (select array_agg(a.id) from aop_igp a where a.odg_id = ${odgId}) as aops,
              (select array_agg(f.id) from fichier f
                where f.id = any(${tableau(fichierIds)})
                  and (f.personne_morale_id = ${personneMoraleId}
                       or f.habilitation_id in (select h.id from habilitation h
                                                 where h.personne_morale_id = ${personneMoraleId}))) as fichiers`,
        referencesBrutes,
      );
      return {
        siteIds: new Set(r.sites),
        activites: new Map((r.activites ?? []).map((a) => [a.id, a.aop])),
        aopIds: new Set(r.aops),
        fichierIds: new Set(r.fichiers),
      };
    },

    /**
     * Writes an operator's controls in the round: one per appellation, updated in place when the
     * appellation already had one (its id, report number and history stay), the appellations left
     * out deleted. The operator's card becomes validated.
     */
    async ecrireControles(
      tx: Transaction,
      tournee: TourneeVerrouillee,
      personneMoraleId: number,
      date: string,
      controles: readonly ControleAEcrire[],
    ) {
      const existants = await lignes(
        tx,
        sql`select id, aop_igp_id, not (${NON_FINALISE}) as scelle from controle
             where tournee_id = ${tournee.id} and personne_morale_id = ${personneMoraleId}
               and deleted_at is null for update`,
        controleExistant,
      );
      const parAop = new Map(existants.map((c) => [c.aop_igp_id, c.id]));
      const scelles = new Set(existants.filter((c) => c.scelle).map((c) => c.id));
      for (const c of controles) {
        const id = parAop.get(c.aopId);
        if (id !== undefined) {
          parAop.delete(c.aopId);
          if (scelles.has(id)) continue;
          await tx.execute(
            sql`update controle set date = ${dateSql(date)}, niveau = ${c.niveau},
                       site_ids = ${tableau(c.siteIds)}, activite_aop_igp_ids = ${tableau(c.activiteAopIgpIds)},
                       fichier_ids = ${tableau(c.fichierIds)}, controleur_id = ${tournee.controleur_id}
                 where id = ${id}`,
          );
        } else {
          await tx.execute(
            sql`insert into controle (tournee_id, odg_id, personne_morale_id, aop_igp_id, controleur_id,
                                      date, niveau, nature, statut, site_ids, activite_aop_igp_ids, fichier_ids)
                values (${tournee.id}, ${tournee.odg_id}, ${personneMoraleId}, ${c.aopId}, ${tournee.controleur_id},
                        ${dateSql(date)}, ${c.niveau}, 'INTERNE', 'PROGRAMME', ${tableau(c.siteIds)},
                        ${tableau(c.activiteAopIgpIds)}, ${tableau(c.fichierIds)})`,
          );
        }
      }
      const restes = [...parAop.values()].filter((id) => !scelles.has(id));
      if (restes.length > 0)
        await tx.execute(
          sql`update controle set deleted_at = now() where id in (${listeSql(restes)})`,
        );
      await tx.execute(
        sql`insert into tournee_operateur (tournee_id, personne_morale_id, valide, brouillon)
            values (${tournee.id}, ${personneMoraleId}, true, null)
            on conflict (tournee_id, personne_morale_id)
            do update set valide = true, brouillon = null, updated_at = now()`,
      );
    },

    /** Deletes controls of the round; operators left without any leave the round. */
    async supprimerControles(tx: Transaction, tourneeId: number, ids: readonly number[]) {
      const rows = await lignes(
        tx,
        sql`update controle set deleted_at = now()
             where tournee_id = ${tourneeId} and id in (${listeSql(ids)}) and deleted_at is null
               and ${NON_FINALISE}
            returning id`,
        identifiant,
      );
      await tx.execute(
        sql`delete from tournee_operateur o
             where o.tournee_id = ${tourneeId} and o.valide
               and not exists (select 1 from controle c where c.tournee_id = o.tournee_id
                                and c.personne_morale_id = o.personne_morale_id and c.deleted_at is null)`,
      );
      return rows.map((r) => r.id);
    },

    /** Unvalidated cards as the wizard saved them; those left out leave the round. */
    async sauvegarderBrouillons(
      tx: Transaction,
      tourneeId: number,
      brouillons: readonly { personneMoraleId: number; brouillon: unknown }[],
    ) {
      const gardes = brouillons.map((b) => b.personneMoraleId);
      await tx.execute(
        sql`delete from tournee_operateur where tournee_id = ${tourneeId} and not valide
              ${gardes.length > 0 ? sql`and personne_morale_id not in (${listeSql(gardes)})` : sql``}`,
      );
      for (const b of brouillons)
        await tx.execute(
          sql`insert into tournee_operateur (tournee_id, personne_morale_id, valide, brouillon)
              values (${tourneeId}, ${b.personneMoraleId}, false, ${JSON.stringify(b.brouillon)}::jsonb)
              on conflict (tournee_id, personne_morale_id)
              do update set brouillon = excluded.brouillon, updated_at = now()
              where not tournee_operateur.valide`,
        );
    },

    /**
     * A round without other live controls than those being written takes the campaign of the
     * day it is being programmed for (a January round prepared in November belongs to the next
     * campaign); one that has some keeps its campaign, which then bounds the new dates. A day no
     * campaign covers (2099) leaves the round in its campaign, which then refuses it.
     */
    async rattacherCampagne(
      tx: Transaction,
      tourneeId: number,
      jour: string,
      personneMoraleIds: readonly number[],
    ) {
      await tx.execute(
        sql`update tournee r set campagne_id = coalesce(
              (select c.id from campagne c
                where (c.odg_id = r.odg_id or c.odg_id is null) and ${jour}::date between c.debut and c.fin
                order by c.odg_id nulls last, c.courante desc, c.id desc limit 1),
              r.campagne_id)
             where r.id = ${tourneeId}
               and not exists (select 1 from controle c where c.tournee_id = r.id and c.deleted_at is null
                                 and c.personne_morale_id <> all(${tableau(personneMoraleIds)}))`,
      );
    },

    /** Days of the round follow its controls (Europe/Paris days); the day of creation while none. */
    async recalerPeriode(tx: Transaction, tourneeId: number) {
      await tx.execute(
        sql`update tournee r set debut = coalesce(p.debut, r.debut), fin = coalesce(p.fin, r.fin)
              from (select min((c.date at time zone 'Europe/Paris')::date) as debut,
                           max((c.date at time zone 'Europe/Paris')::date) as fin
                      from controle c where c.tournee_id = ${tourneeId} and c.deleted_at is null) p
             where r.id = ${tourneeId}
               and (r.debut is distinct from coalesce(p.debut, r.debut) or r.fin is distinct from coalesce(p.fin, r.fin))`,
      );
    },

    async etatCartes(tx: Transaction, tourneeId: number) {
      return ligne(
        tx,
        sql`select (select count(*)::int from controle c where c.tournee_id = ${tourneeId} and c.deleted_at is null) as controles,
                   (select count(*)::int from tournee_operateur o where o.tournee_id = ${tourneeId} and not o.valide) as brouillons`,
        etatCartes,
      );
    },

    /**
     * Finalised: ATTENTE_SYNCHRO, and every live control touched (controller set again) so that
     * its change_xid passes the moment the round becomes visible to the device.
     */
    async finaliser(tx: Transaction, tourneeId: number, controleurId: number) {
      await tx.execute(sql`update tournee set statut = 'ATTENTE_SYNCHRO' where id = ${tourneeId}`);
      await tx.execute(
        sql`update controle set controleur_id = ${controleurId}
             where tournee_id = ${tourneeId} and deleted_at is null and ${NON_FINALISE}`,
      );
    },

    /**
     * A controller's device presented a checkpoint of his rounds' feed: the rounds waiting for it
     * and served at or before that checkpoint are on the device (the checkpoint is stored with the
     * batch). Returns the rounds moved to SYNCHRONISE.
     */
    async accuserReception(utilisateurId: number, xid: string, id: number) {
      return db.transaction(async (tx) => {
        const rows = await lignes(
          tx,
          sql`update tournee set statut = 'SYNCHRONISE'
               where controleur_id = ${utilisateurId} and statut = 'ATTENTE_SYNCHRO' and deleted_at is null
                 and (change_xid < ${xid}::xid8 or (change_xid = ${xid}::xid8 and id <= ${id}))
              returning id`,
          identifiant,
        );
        for (const r of rows)
          await tx.execute(
            sql`insert into tournee_evenement (tournee_id, statut, utilisateur_id)
                values (${r.id}, 'SYNCHRONISE', ${utilisateurId})`,
          );
        return rows.map((r) => r.id);
      });
    },
  };
}
export type TourneesEcritureRepository = ReturnType<typeof createTourneesEcritureRepository>;
