import { sql } from 'drizzle-orm';
import type { EtatManquement, NiveauControle, ResultatControle, Severite } from '@estive/domain';
import type { Database } from '../../db/client';
import { ligneExiste, lignes, premiereLigne } from '../../db/lignes';
import { TYPES_ODG } from '../../db/vocabulaire';
import { controle, manquement, manquementHistorique } from '../../db/schema';
import {
  aopIgpDepot,
  auditeurDepot,
  etatAvant,
  identifiantNumerique,
  manquementExistant,
  odgDepot,
  operateurDepot,
  pointDepot,
} from './depot-externe-lignes.repository';

const motif = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface SuiviMesure {
  mesure: string | null;
  delai: string | null;
  date: string | null;
}
export interface ManquementDepose {
  valeur: string;
  etat: EtatManquement;
  gravite: Severite;
  correctives: SuiviMesure;
  correctrices: SuiviMesure;
}
export interface ControleDepose {
  aopIgpId: number;
  niveau: NiveauControle;
  date: Date;
  resultat: ResultatControle;
  observation: string | null;
  operateurId: number;
  auditeurId: number;
  activiteAopIgpIds: number[];
  nouveaux: (ManquementDepose & { pointId: number })[];
  existants: (ManquementDepose & { manquementId: number })[];
}

const colonnesManquement = (m: ManquementDepose) => ({
  etat: m.etat,
  niveau: m.gravite,
  valeur: m.valeur,
  mesureCorrective: m.correctives.mesure,
  delaiSuiviCorrective: m.correctives.delai,
  dateSuiviCorrective: m.correctives.date,
  mesureCorrectrice: m.correctrices.mesure,
  delaiSuiviCorrectrice: m.correctrices.delai,
  dateSuiviCorrectrice: m.correctrices.date,
});

/** SQL of the external deposit: every look-up has the ODG (perimeter) in its WHERE. */
export function createDepotExterneRepository(db: Database) {
  return {
    async odg(odgId: number) {
      const o = await premiereLigne(
        db,
        sql`select id::text as id, raison_sociale as "raisonSociale" from organisme
             where id = ${odgId} and type in (${TYPES_ODG})`,
        odgDepot,
      );
      if (!o) return undefined;
      const aopIgps = await lignes(
        db,
        sql`select id::text as id, libelle, migre from aop_igp where odg_id = ${odgId} order by libelle`,
        aopIgpDepot,
      );
      return { odgId: o.id, raisonSociale: o.raisonSociale, aopIgps };
    },

    async aopDeLOdg(odgId: number, aopIgpId: number): Promise<boolean> {
      const rows = await lignes(
        db,
        sql`select 1 as ok from aop_igp where id = ${aopIgpId} and odg_id = ${odgId}`,
        ligneExiste,
      );
      return rows.length > 0;
    },

    /** Operators habilitated (VALIDEE) for the label, by name, SIRET, EDE or id. */
    async operateurs(odgId: number, aopIgpId: number, q: string) {
      return lignes(
        db,
        sql`select p.id::text as id, p.raison_sociale as "raisonSociale", p.siret, p.ville
              from personne_morale p
             where p.deleted_at is null
               and exists (select 1 from habilitation h join aop_igp a on a.id = h.aop_igp_id
                            where h.personne_morale_id = p.id and h.aop_igp_id = ${aopIgpId}
                              and a.odg_id = ${odgId} and h.statut = 'VALIDEE')
               and (${q} = '' or unaccent(p.raison_sociale) ilike unaccent(${motif(q)})
                    or p.siret like ${motif(q)} or p.ede like ${motif(q)} or p.id::text = ${q})
             order by p.raison_sociale limit 20`,
        operateurDepot,
      );
    },

    /** The label's activities the operator is habilitated for (the deposited control's). */
    async activitesHabilitees(aopIgpId: number, operateurId: number): Promise<number[]> {
      const rows = await lignes(
        db,
        sql`select aa.id::text as id from habilitation h
              join activite_aop aa on aa.aop_igp_id = h.aop_igp_id and aa.activite_id = h.activite_id
             where h.personne_morale_id = ${operateurId} and h.aop_igp_id = ${aopIgpId}
               and h.statut = 'VALIDEE'`,
        identifiantNumerique,
      );
      return rows.map((r) => r.id);
    },

    /**
     * Auditors: persons working for the ODG or for a certifying body (OC) of the ODG's labels,
     * by name, first name or employer.
     */
    async auditeurs(odgId: number, q: string) {
      return lignes(
        db,
        sql`select pp.id::text as id, pp.nom, pp.prenom, o.raison_sociale as "personneMorale"
              from personne_physique pp
              join organisme o on o.id = pp.organisme_id
             where not pp.anonymise
               and (o.id = ${odgId} or exists (select 1 from organisme_certificateur oc
                                                 where oc.organisme_id = o.id and oc.odg_id = ${odgId}))
               and (${q} = '' or unaccent(pp.nom) ilike unaccent(${motif(q)})
                    or unaccent(pp.prenom) ilike unaccent(${motif(q)})
                    or unaccent(o.raison_sociale) ilike unaccent(${motif(q)}))
             order by pp.nom, pp.prenom limit 20`,
        auditeurDepot,
      );
    },

    async auditeursConnus(odgId: number, ids: readonly number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await lignes(
        db,
        sql`select pp.id::text as id from personne_physique pp join organisme o on o.id = pp.organisme_id
             where pp.id in (${sql.join(
               ids.map((i) => sql`${i}`),
               sql`, `,
             )}) and not pp.anonymise
               and (o.id = ${odgId} or exists (select 1 from organisme_certificateur oc
                                                 where oc.organisme_id = o.id and oc.odg_id = ${odgId}))`,
        identifiantNumerique,
      );
      return new Set(rows.map((r) => r.id));
    },

    /** The label's active control points, by code or wording. */
    async points(odgId: number, aopIgpId: number, q: string) {
      return lignes(
        db,
        sql`select pc.id::text as id, pc.code, pc.libelle
              from point_controle_aop pca
              join point_controle pc on pc.id = pca.point_controle_id
              join aop_igp a on a.id = pca.aop_igp_id and a.odg_id = ${odgId}
             where pca.aop_igp_id = ${aopIgpId} and not pc.archive and pca.deleted_at is null
               and (${q} = '' or pc.code ilike ${motif(q)} or unaccent(pc.libelle) ilike unaccent(${motif(q)}))
             order by pc.ordre, pc.code limit 50`,
        pointDepot,
      );
    },

    async pointsDuLabel(aopIgpId: number, ids: readonly number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await lignes(
        db,
        sql`select pca.point_controle_id::text as id from point_controle_aop pca
             where pca.aop_igp_id = ${aopIgpId} and pca.deleted_at is null
               and pca.point_controle_id in (${sql.join(
                 ids.map((i) => sql`${i}`),
                 sql`, `,
               )})`,
        identifiantNumerique,
      );
      return new Set(rows.map((r) => r.id));
    },

    /** The operator's shortcomings on the label, most recent first (to be updated by the deposit). */
    async manquementsExistants(odgId: number, aopIgpId: number, operateurId: number) {
      return lignes(
        db,
        sql`select m.id::text as id, pc.code as "codePoint", pc.libelle as "libellePoint", m.etat,
                   m.niveau as seuil, m.valeur,
                   to_char(m.date_derniere_evolution at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as date
              from manquement m
              join point_controle pc on pc.id = m.point_controle_id
              join aop_igp a on a.id = m.aop_igp_id and a.odg_id = ${odgId}
             where m.aop_igp_id = ${aopIgpId} and m.personne_morale_id = ${operateurId}
               and m.deleted_at is null
             order by m.date_derniere_evolution desc limit 100`,
        manquementExistant,
      );
    },

    /**
     * The external control already deposited in the ODG for this operator, label and instant:
     * the same deposit sent twice (a resend after a lost answer, a second tab).
     */
    async depotExistant(odgId: number, aopIgpId: number, operateurId: number, date: Date) {
      const r = await premiereLigne(
        db,
        sql`select id from controle
             where odg_id = ${odgId} and aop_igp_id = ${aopIgpId}
               and personne_morale_id = ${operateurId} and nature = 'EXTERNE'
               and date = ${date.toISOString()}::timestamptz and deleted_at is null
             order by id limit 1`,
        identifiantNumerique,
      );
      return r?.id ?? null;
    },

    /** All controls and their shortcomings in one transaction: all or nothing. */
    async deposer(odgId: number, utilisateurId: number, controles: ControleDepose[]) {
      return db.transaction(async (tx) => {
        const ids: number[] = [];
        for (const c of controles) {
          const [cree] = await tx
            .insert(controle)
            .values({
              odgId,
              personneMoraleId: c.operateurId,
              aopIgpId: c.aopIgpId,
              date: c.date,
              niveau: c.niveau,
              nature: 'EXTERNE',
              statut: 'REALISE',
              resultat: c.resultat,
              etapeSaisie: 4,
              activiteAopIgpIds: c.activiteAopIgpIds,
              auditeurId: c.auditeurId,
              observation: c.observation,
            })
            .returning({ id: controle.id });
          if (!cree) throw new Error('insertion du contrôle sans retour');
          ids.push(cree.id);
          for (const m of c.nouveaux) {
            const [nouveau] = await tx
              .insert(manquement)
              .values({
                controleId: cree.id,
                personneMoraleId: c.operateurId,
                aopIgpId: c.aopIgpId,
                pointControleId: m.pointId,
                ...colonnesManquement(m),
              })
              .returning({ id: manquement.id });
            if (!nouveau) throw new Error('insertion du manquement sans retour');
            await tx.insert(manquementHistorique).values({
              manquementId: nouveau.id,
              utilisateurId,
              etat: m.etat,
              origine: 'DEPOT_EXTERNE',
            });
          }
          for (const m of c.existants) {
            const avant = await premiereLigne(
              tx,
              sql`select m.etat from manquement m join aop_igp a on a.id = m.aop_igp_id
                   where m.id = ${m.manquementId} and a.odg_id = ${odgId}
                     and m.personne_morale_id = ${c.operateurId} and m.aop_igp_id = ${c.aopIgpId}
                     and m.deleted_at is null for update of m`,
              etatAvant,
            );
            if (!avant) throw new Error('manquement existant hors périmètre (vérifié avant)');
            const v = colonnesManquement(m);
            await tx.execute(
              sql`update manquement set etat = ${v.etat}, niveau = ${v.niveau}, valeur = ${v.valeur},
                         mesure_corrective = ${v.mesureCorrective},
                         delai_suivi_corrective = ${v.delaiSuiviCorrective},
                         date_suivi_corrective = ${v.dateSuiviCorrective},
                         mesure_correctrice = ${v.mesureCorrectrice},
                         delai_suivi_correctrice = ${v.delaiSuiviCorrectrice},
                         date_suivi_correctrice = ${v.dateSuiviCorrectrice},
                         date_derniere_evolution = now()
                   where id = ${m.manquementId}`,
            );
            await tx.insert(manquementHistorique).values({
              manquementId: m.manquementId,
              utilisateurId,
              etatAvant: avant.etat,
              etat: m.etat,
              origine: 'DEPOT_EXTERNE',
            });
          }
        }
        return ids;
      });
    },

    /** Of the given shortcomings, those of this operator and label in the ODG. */
    async manquementsDe(
      odgId: number,
      aopIgpId: number,
      operateurId: number,
      ids: readonly number[],
    ): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await lignes(
        db,
        sql`select m.id::text as id from manquement m join aop_igp a on a.id = m.aop_igp_id
             where a.odg_id = ${odgId} and m.aop_igp_id = ${aopIgpId}
               and m.personne_morale_id = ${operateurId} and m.deleted_at is null
               and m.id in (${sql.join(
                 ids.map((i) => sql`${i}`),
                 sql`, `,
               )})`,
        identifiantNumerique,
      );
      return new Set(rows.map((r) => r.id));
    },
  };
}
export type DepotExterneRepository = ReturnType<typeof createDepotExterneRepository>;
