import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  DECLENCHEMENTS_TACHE,
  MESURES_MANQUEMENT,
  STATUTS_EXECUTION,
  type DeclenchementTache,
} from '@estive/domain';
import type { Database } from '../../db/client';
import { colonne, ligneCompte, lignes, premiereLigne } from '../../db/lignes';
import { OUVERTS } from '../../db/vocabulaire';

/** Business dates are judged in Europe/Paris (docs/architecture.md §4). */
const aujourdhui = sql`(now() at time zone 'Europe/Paris')::date`;

/** A run of a task; `par` is null for a scheduled run (or an account without a person). */
const ligneExecution = z.object({
  id: colonne.entier,
  code: colonne.texte,
  debut: colonne.instant,
  fin: colonne.instant.nullable(),
  statut: z.enum(STATUTS_EXECUTION),
  declenchement: z.enum(DECLENCHEMENTS_TACHE),
  par: colonne.texte.nullable(),
  bilan: z.record(z.string(), z.number()),
  erreur: colonne.texte.nullable(),
});
export type LigneExecution = z.output<typeof ligneExecution>;

/** A follow-up reminder due, with what its mail needs. */
const ligneRelance = z.object({
  manquementId: colonne.entier,
  mesure: z.enum(MESURES_MANQUEMENT),
  echeance: colonne.texte,
  destinataire: colonne.texte.nullable(),
  raisonSociale: colonne.texte,
  aopIgp: colonne.texte,
  codePoint: colonne.texte,
  libellePoint: colonne.texte,
  odg: colonne.texte,
  /** The ODG's 'courrier de notification' template (issue 16 §3), null: the built-in text. */
  modele: z.object({ objet: colonne.texte, corps: colonne.texte }).nullable(),
});
export type RelanceAEnvoyer = z.output<typeof ligneRelance>;

const ligneId = z.object({ id: colonne.entier });

/** Refresh tokens expired or revoked this long ago are deleted (spec: cookies up to 8 days). */
export const RETENTION_SESSIONS_JOURS = 8;
export const RETENTION_EXECUTIONS_JOURS = 90;
/** A run still EN_COURS after this long was cut by a stopped process: it is closed as ECHEC. */
export const DUREE_MAX_EXECUTION_MINUTES = 60;

export function createTachesRepository(db: Database) {
  return {
    /** Null when a run of this task is already under way (unique partial index). */
    async commencer(code: string, declenchement: DeclenchementTache, utilisateurId: number | null) {
      await db.execute(sql`update tache_execution set statut = 'ECHEC', fin = now(),
          erreur = 'Exécution interrompue (arrêt du serveur)'
        where code = ${code} and statut = 'EN_COURS'
          and debut < now() - make_interval(mins => ${DUREE_MAX_EXECUTION_MINUTES})`);
      const row = await premiereLigne(
        db,
        sql`insert into tache_execution (code, declenchement, utilisateur_id, statut)
            values (${code}, ${declenchement}, ${utilisateurId}, 'EN_COURS')
            on conflict (code) where statut = 'EN_COURS' do nothing
            returning id`,
        ligneId,
      );
      return row?.id ?? null;
    },

    /** An error makes the run ECHEC; its figures, when it has some, are kept beside it. */
    async terminer(id: number, r: { bilan?: Record<string, number>; erreur?: string }) {
      const statut = r.erreur === undefined ? 'SUCCES' : 'ECHEC';
      await db.execute(
        sql`update tache_execution set statut = ${statut}, fin = now(), erreur = ${r.erreur ?? null},
              bilan = ${JSON.stringify(r.bilan ?? {})}::jsonb where id = ${id}`,
      );
    },

    /** Runs of the task that failed since its last success (0 after a success). */
    async echecsDeSuite(code: string): Promise<number> {
      const row = await premiereLigne(
        db,
        sql`select count(*)::int as n from tache_execution
            where code = ${code} and statut = 'ECHEC'
              and debut > coalesce((select max(debut) from tache_execution
                                     where code = ${code} and statut = 'SUCCES'), '-infinity')`,
        ligneCompte,
      );
      return row?.n ?? 0;
    },

    /** The last runs of each task, newest first. */
    historique(parTache: number) {
      return lignes(
        db,
        sql`select * from (
              select e.id, e.code, e.debut, e.fin, e.statut, e.declenchement, e.bilan, e.erreur,
                     case when pp.id is null then null else pp.prenom || ' ' || pp.nom end as par,
                     row_number() over (partition by e.code order by e.debut desc, e.id desc) as rang
              from tache_execution e
              left join utilisateur u on u.id = e.utilisateur_id
              left join personne_physique pp on pp.id = u.personne_physique_id) x
            where rang <= ${parTache} order by debut desc, id desc`,
        ligneExecution,
      );
    },

    async derniereDebut(code: string): Promise<Date | null> {
      const row = await premiereLigne(
        db,
        sql`select max(debut) as debut from tache_execution where code = ${code} having max(debut) is not null`,
        z.object({ debut: colonne.instant }),
      );
      return row ? row.debut : null;
    },

    async purgerSessionsEtExecutions() {
      const sessions = await lignes(
        db,
        sql`delete from refresh_token
            where expires_at < now() - make_interval(days => ${RETENTION_SESSIONS_JOURS})
               or revoked_at < now() - make_interval(days => ${RETENTION_SESSIONS_JOURS})
            returning id`,
        ligneId,
      );
      const executions = await lignes(
        db,
        sql`delete from tache_execution
            where statut <> 'EN_COURS' and debut < now() - make_interval(days => ${RETENTION_EXECUTIONS_JOURS})
            returning id`,
        ligneId,
      );
      return { sessions: sessions.length, executions: executions.length };
    },

    /**
     * Open shortcomings whose corrective or correcting follow-up date has passed (Paris day) and
     * whose reminder for that date was not recorded yet, with what the mail needs. Nothing is
     * recorded here: a reminder is recorded once the mail server accepted it (`enregistrerRelance`),
     * so one that failed is due again at the next run.
     */
    relancesDues() {
      return lignes(
        db,
        sql`select m.id as "manquementId", x.mesure, x.echeance::text as echeance,
                   nullif(trim(p.mail), '') as destinataire,
                   p.raison_sociale as "raisonSociale", a.libelle as "aopIgp",
                   pc.code as "codePoint", pc.libelle as "libellePoint", o.raison_sociale as odg,
                   case when md.id is null then null
                        else json_build_object('objet', md.objet, 'corps', md.corps) end as modele
            from manquement m
            cross join lateral (values ('CORRECTIVE', m.date_suivi_corrective),
                                       ('CORRECTRICE', m.date_suivi_correctrice)) as x(mesure, echeance)
            join personne_morale p on p.id = m.personne_morale_id
            join aop_igp a on a.id = m.aop_igp_id
            join organisme o on o.id = a.odg_id
            join point_controle pc on pc.id = m.point_controle_id
            left join modele_document md on md.odg_id = a.odg_id and md.type = 'COURRIER_NOTIFICATION'
            where m.deleted_at is null and m.etat in (${OUVERTS})
              and x.echeance is not null and x.echeance < ${aujourdhui}
              and not exists (select 1 from relance_manquement r
                               where r.manquement_id = m.id and r.mesure = x.mesure
                                 and r.echeance = x.echeance)
            order by m.id, x.mesure`,
        ligneRelance,
      );
    },

    /** Records a reminder as done: accepted by the mail server, written to the log, or no address. */
    async enregistrerRelance(r: RelanceAEnvoyer) {
      await db.execute(
        sql`insert into relance_manquement (manquement_id, mesure, echeance, destinataire)
            values (${r.manquementId}, ${r.mesure}, ${r.echeance}::date, ${r.destinataire})
            on conflict (manquement_id, mesure, echeance) do nothing`,
      );
    },
  };
}
export type TachesRepository = ReturnType<typeof createTachesRepository>;
