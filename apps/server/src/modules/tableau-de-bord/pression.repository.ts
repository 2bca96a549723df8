import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { colonne, ligneExiste, lignes, premiereLigne } from '../../db/lignes';
import { tauxControle, tirage } from '../../db/schema';
import { FINALISES, OUVERTS } from '../../db/vocabulaire';
import { iso } from './sql-fragments';

const DANS_CAMPAGNE = sql`c.date >= k.debut::timestamp at time zone 'Europe/Paris'
                      and c.date < (k.fin + 1)::timestamp at time zone 'Europe/Paris'`;

/** An operator as the preselection and a draw show it (`operateurs` answers the same shape). */
const ligneCandidat = z.object({
  id: colonne.texte,
  raisonSociale: colonne.texte,
  siret: colonne.texte,
  ville: colonne.texte.nullable(),
  dernierControle: colonne.texte.nullable(),
  manquementsOuverts: colonne.entier,
});
export type LigneCandidat = z.output<typeof ligneCandidat>;

/** A campaign the pressure can be read over: the ODG's own and the national ones (no ODG). */
const ligneCampagne = z.object({
  id: colonne.texte,
  libelle: colonne.texte,
  debut: colonne.texte,
  fin: colonne.texte,
});

/** Per label and activity: the campaign's rate (none set: null) and the operators counted. */
const lignePression = z.object({
  aopIgpId: colonne.texte,
  aopIgp: colonne.texte,
  activiteId: colonne.texte,
  activite: colonne.texte,
  taux: colonne.entier.nullable(),
  habilites: colonne.entier,
  controles: colonne.entier,
  programmes: colonne.entier,
});

/**
 * Candidates of a campaign and label: operators habilitated (VALIDEE) for it in the ODG, not yet
 * controlled nor programmed (a cancelled control does not count) during the campaign. The last
 * control and the open shortcomings are aggregated once per label (hash joins), not looked up
 * per operator: a label may have tens of thousands of habilitated operators.
 */
const candidats = (odgId: number, campagneId: number, aopIgpId: number) => sql`
  with derniers as (
         select c.personne_morale_id, max(c.date) as d from controle c
          where c.aop_igp_id = ${aopIgpId} and c.statut in (${FINALISES}) and c.deleted_at is null
          group by 1),
       ouverts as (
         select m.personne_morale_id, count(*)::int as n from manquement m
          where m.aop_igp_id = ${aopIgpId} and m.deleted_at is null
            and m.etat in (${OUVERTS})
          group by 1),
       pris as (
         select distinct c.personne_morale_id from controle c, campagne k
          where k.id = ${campagneId} and c.aop_igp_id = ${aopIgpId} and c.odg_id = ${odgId}
            and c.statut <> 'ANNULE' and c.deleted_at is null and ${DANS_CAMPAGNE}),
       habilites as (
         select distinct h.personne_morale_id from habilitation h
           join aop_igp a on a.id = h.aop_igp_id
          where h.aop_igp_id = ${aopIgpId} and a.odg_id = ${odgId} and h.statut = 'VALIDEE')
  select p.id::text as id, p.raison_sociale as "raisonSociale", p.siret, p.ville,
         case when d.d is null then null else ${iso(sql`d.d`)} end as "dernierControle",
         coalesce(o.n, 0) as "manquementsOuverts"
    from habilites hb
    join personne_morale p on p.id = hb.personne_morale_id and p.deleted_at is null
    left join derniers d on d.personne_morale_id = p.id
    left join ouverts o on o.personne_morale_id = p.id
   where not exists (select 1 from pris where pris.personne_morale_id = p.id)`;

/** A recorded draw; its jsonb lists are operator ids. */
const ligneTirage = z.object({
  id: colonne.texte,
  campagneId: colonne.texte,
  aopIgpId: colonne.texte,
  graine: colonne.texte,
  nombre: colonne.entier,
  candidats: z.array(colonne.entier),
  tires: z.array(colonne.entier),
  preselectionnes: z.array(colonne.entier),
  date: colonne.texte,
  auteur: colonne.texte,
});
export type LigneTirage = z.output<typeof ligneTirage>;
const SELECT_TIRAGE = sql`select t.id::text as id, t.campagne_id::text as "campagneId",
       t.aop_igp_id::text as "aopIgpId", t.graine, t.nombre, t.candidats, t.tires,
       t.preselectionnes, ${iso(sql`t.created_at`)} as date, pp.prenom || ' ' || pp.nom as auteur`;
const DEPUIS_TIRAGE = sql`from tirage t
       join utilisateur u on u.id = t.utilisateur_id
       join personne_physique pp on pp.id = u.personne_physique_id`;

export function createPressionRepository(db: Database) {
  return {
    async campagnes(odgId: number) {
      return lignes(
        db,
        sql`select id::text as id, libelle, debut::text as debut, fin::text as fin from campagne
             where odg_id is null or odg_id = ${odgId} order by courante desc, debut desc, id desc`,
        ligneCampagne,
      );
    },

    async campagneDuPerimetre(odgId: number, campagneId: number): Promise<boolean> {
      const rows = await lignes(
        db,
        sql`select 1 as ok from campagne where id = ${campagneId}
             and (odg_id is null or odg_id = ${odgId})`,
        ligneExiste,
      );
      return rows.length > 0;
    },

    async aopDuPerimetre(odgId: number, aopIgpId: number): Promise<boolean> {
      const rows = await lignes(
        db,
        sql`select 1 as ok from aop_igp where id = ${aopIgpId} and odg_id = ${odgId}`,
        ligneExiste,
      );
      return rows.length > 0;
    },

    /** Per label and activity of the ODG: rate, habilitated, controlled and programmed operators. */
    async lignes(odgId: number, campagneId: number) {
      return lignes(
        db,
        sql`with k as (select debut, fin from campagne where id = ${campagneId}),
                 faits as (
                   select c.aop_igp_id, aa_id, c.personne_morale_id,
                          bool_or(c.statut in (${FINALISES})) as realise
                     from controle c cross join k
                     cross join lateral unnest(c.activite_aop_igp_ids) as aa_id
                    where c.odg_id = ${odgId} and c.deleted_at is null and c.statut <> 'ANNULE'
                      and ${DANS_CAMPAGNE}
                    group by 1, 2, 3)
            select a.id::text as "aopIgpId", a.libelle as "aopIgp", act.id::text as "activiteId",
                   act.libelle as activite,
                   (select t.taux from taux_controle t
                     where t.campagne_id = ${campagneId} and t.aop_igp_id = a.id
                       and (t.activite_id = act.id or t.activite_id is null)
                     order by t.activite_id nulls last limit 1) as taux,
                   (select count(distinct h.personne_morale_id)::int from habilitation h
                     where h.aop_igp_id = a.id and h.activite_id = act.id
                       and h.statut = 'VALIDEE') as habilites,
                   (select count(*)::int from faits f
                     where f.aa_id = aa.id and f.realise) as controles,
                   (select count(*)::int from faits f
                     where f.aa_id = aa.id and not f.realise) as programmes
              from aop_igp a
              join activite_aop aa on aa.aop_igp_id = a.id and aa.deleted_at is null
              join activite act on act.id = aa.activite_id
             where a.odg_id = ${odgId}
             order by a.libelle, act.libelle`,
        lignePression,
      );
    },

    /** The preselection: open shortcomings first, then never controlled, then longest since. */
    async preselection(odgId: number, campagneId: number, aopIgpId: number, size: number) {
      // One pass: the count comes with the page (the candidates are all read for the sort anyway).
      const rows = await lignes(
        db,
        sql`select x.*, count(*) over ()::int as total
              from (${candidats(odgId, campagneId, aopIgpId)}) x
             order by "manquementsOuverts" desc, "dernierControle" asc nulls first, id::bigint
             limit ${size}`,
        ligneCandidat.extend({ total: colonne.entier }),
      );
      const totalCandidats = rows[0]?.total ?? 0;
      return { totalCandidats, content: rows.map(({ total: _t, ...c }) => c) };
    },

    /** Candidate ids in a canonical order (by id): the list a recorded draw is made from. */
    async idsCandidats(odgId: number, campagneId: number, aopIgpId: number): Promise<number[]> {
      const rows = await lignes(
        db,
        sql`select id from (${candidats(odgId, campagneId, aopIgpId)}) x order by id::bigint`,
        z.object({ id: colonne.entier }),
      );
      return rows.map((r) => r.id);
    },

    async operateurs(ids: readonly number[]): Promise<LigneCandidat[]> {
      if (ids.length === 0) return [];
      return lignes(
        db,
        sql`select p.id::text as id, p.raison_sociale as "raisonSociale", p.siret, p.ville,
                   null as "dernierControle", 0 as "manquementsOuverts"
              from personne_morale p
             where p.id in (${sql.join(
               ids.map((i) => sql`${i}`),
               sql`, `,
             )})`,
        ligneCandidat,
      );
    },

    async activiteDuLabel(aopIgpId: number, activiteId: number): Promise<boolean> {
      const rows = await lignes(
        db,
        sql`select 1 as ok from activite_aop where aop_igp_id = ${aopIgpId}
             and activite_id = ${activiteId} and deleted_at is null`,
        ligneExiste,
      );
      return rows.length > 0;
    },

    /** Sets (or with `null` removes) the campaign's rate for a label and activity. */
    async definirTaux(
      campagneId: number,
      aopIgpId: number,
      activiteId: number | null,
      taux: number | null,
    ) {
      await db.transaction(async (tx) => {
        await tx.execute(
          sql`delete from taux_controle where campagne_id = ${campagneId}
               and aop_igp_id = ${aopIgpId} and coalesce(activite_id, 0) = ${activiteId ?? 0}`,
        );
        if (taux !== null)
          await tx.insert(tauxControle).values({ campagneId, aopIgpId, activiteId, taux });
      });
    },

    /** The recorded draws of a campaign (and label), newest first. */
    async tirages(odgId: number, campagneId: number, aopIgpId: number | undefined) {
      return lignes(
        db,
        sql`${SELECT_TIRAGE}, a.libelle as "aopIgp" ${DEPUIS_TIRAGE}
             join aop_igp a on a.id = t.aop_igp_id
             where t.odg_id = ${odgId} and t.campagne_id = ${campagneId}
               ${aopIgpId === undefined ? sql`` : sql`and t.aop_igp_id = ${aopIgpId}`}
             order by t.created_at desc, t.id desc limit 50`,
        ligneTirage.extend({ aopIgp: colonne.texte }),
      );
    },

    async enregistrerTirage(values: typeof tirage.$inferInsert) {
      const [row] = await db.insert(tirage).values(values).returning({ id: tirage.id });
      if (!row) throw new Error('insertion du tirage sans retour');
      return row.id;
    },

    async tirage(odgId: number, id: number): Promise<LigneTirage | undefined> {
      return premiereLigne(
        db,
        sql`${SELECT_TIRAGE} ${DEPUIS_TIRAGE} where t.id = ${id} and t.odg_id = ${odgId}`,
        ligneTirage,
      );
    },
  };
}
export type PressionRepository = ReturnType<typeof createPressionRepository>;
