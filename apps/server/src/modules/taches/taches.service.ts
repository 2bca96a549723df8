import type { FastifyBaseLogger } from 'fastify';
import type { CodeTache, Execution, Tache } from '@estive/contracts';
import { clesDe, type DeclenchementTache } from '@estive/domain';
import { requireRole, type Acteur } from '../../lib/acteur';
import { erreurPourJournal } from '../../lib/erreur-journal';
import { conflict } from '../../lib/errors';
import type { MailService } from '../mail/mail.service';
import type { PurgeSynchroService } from '../synchro/purge.service';
import type { LigneExecution, TachesRepository } from './taches.repository';

interface Definition {
  libelle: string;
  description: string;
  periodiciteMinutes: number;
  /** Figures of the run; `erreur` makes it ECHEC (shown in Tâches) with its figures kept. */
  executer: () => Promise<{ bilan: Record<string, number>; erreur?: string }>;
}

/** After a failed run, the next one comes sooner: 15 min, 30, 60… up to the task's period. */
export const PREMIER_REESSAI_MINUTES = 15;

/** What Tâches shows of a reminders run some of whose mails the server did not accept. */
export const messageRelancesEnEchec = (n: number, raison: string | null) =>
  `${String(n)} relance(s) non acceptée(s) par le serveur de mail${raison ? ` (${raison})` : ''} : nouvel essai à la prochaine exécution`;

const HISTORIQUE = 10;
const enExecution = (e: LigneExecution): Execution => ({
  id: String(e.id),
  debut: e.debut.toISOString(),
  fin: e.fin?.toISOString() ?? null,
  statut: e.statut,
  declenchement: e.declenchement,
  par: e.par,
  bilan: e.bilan,
  erreur: e.erreur,
});

/**
 * Scheduled tasks (issue 16 §6): retention purges and follow-up reminders of overdue
 * shortcomings. Each run is recorded (start, end, outcome, figures); one run of a task at a time
 * in the whole cluster. National work: the settings show and start them for the CNAOL only.
 */
export function createTachesService(
  repository: TachesRepository,
  purge: PurgeSynchroService,
  mail: MailService,
  log: Pick<FastifyBaseLogger, 'info' | 'error'>,
) {
  const definitions: Record<CodeTache, Definition> = {
    PURGE_RETENTION: {
      libelle: 'Purge des données échues',
      description:
        'Supprime les journaux des appareils de plus de 8 jours, les sessions expirées depuis 8 jours, les suppressions synchronisées de plus de 90 jours et les fichiers rejetés de plus de 90 jours.',
      periodiciteMinutes: 60,
      async executer() {
        const synchro = await purge.purger();
        const autres = await repository.purgerSessionsEtExecutions();
        return {
          bilan: { ...(synchro ?? { tombstones: 0, journaux: 0, fichiersRejetes: 0 }), ...autres },
        };
      },
    },
    RELANCES_MANQUEMENTS: {
      libelle: 'Relances des manquements',
      description:
        "Envoie une relance à l'opérateur pour chaque manquement ouvert dont le délai de suivi de la mesure corrective ou correctrice est dépassé (une relance par échéance).",
      periodiciteMinutes: 24 * 60,
      async executer() {
        // A reminder is recorded only once the mail server accepted it (or, without SMTP_URL,
        // once it is written to the log): one refused or unsent stays due for the next run.
        const relances = await repository.relancesDues();
        const bilan = {
          relances: relances.length,
          envoyees: 0,
          journal: 0,
          sansAdresse: 0,
          echecs: 0,
        };
        for (const r of relances) {
          if (!r.destinataire) {
            bilan.sansAdresse++;
            await repository.enregistrerRelance(r);
            continue;
          }
          const resultat = await mail.relanceManquement({ ...r, a: r.destinataire });
          if (resultat === 'ECHEC') {
            bilan.echecs++;
            continue;
          }
          if (resultat === 'ENVOYE') bilan.envoyees++;
          else bilan.journal++;
          await repository.enregistrerRelance(r);
        }
        if (bilan.echecs === 0) return { bilan };
        return { bilan, erreur: messageRelancesEnEchec(bilan.echecs, mail.derniereRaison()) };
      },
    },
  };

  /** Records the run and returns its id, or null when one is already under way. */
  async function lancer(code: CodeTache, declenchement: DeclenchementTache, par: number | null) {
    const id = await repository.commencer(code, declenchement, par);
    if (id === null) return null;
    const fini = definitions[code]
      .executer()
      .then((r) => repository.terminer(id, r))
      .catch(async (error: unknown) => {
        log.error({ tache: code, erreur: erreurPourJournal(error) }, 'tâche en échec');
        const message = error instanceof Error ? error.message : String(error);
        await repository.terminer(id, { erreur: message.slice(0, 1000) });
      })
      .catch((error: unknown) =>
        log.error(
          { tache: code, erreur: erreurPourJournal(error) },
          'tâche : bilan non enregistré',
        ),
      );
    return { id, fini };
  }

  return {
    async lister(acteur: Acteur): Promise<Tache[]> {
      requireRole(acteur, 'ROLE_CNAOL');
      const executions = (await repository.historique(HISTORIQUE)).map((e) => ({
        code: e.code,
        execution: enExecution(e),
      }));
      return clesDe(definitions).map((code) => {
        const d = definitions[code];
        const historique = executions.filter((e) => e.code === code).map((e) => e.execution);
        return {
          code,
          libelle: d.libelle,
          description: d.description,
          periodiciteMinutes: d.periodiciteMinutes,
          derniere: historique[0] ?? null,
          historique,
        };
      });
    },

    /** Starts a run now; the answer comes at once, the settings watch its outcome. */
    async demarrer(acteur: Acteur, code: CodeTache) {
      requireRole(acteur, 'ROLE_CNAOL');
      const run = await lancer(code, 'MANUEL', acteur.utilisateurId);
      if (!run) throw conflict('Cette tâche est déjà en cours');
      return { id: String(run.id), fini: run.fini };
    },

    /**
     * One tick of the schedule: each task whose period has passed since its last start runs; after
     * failed runs, sooner (back-off: 15 min, 30, 60… up to the period).
     */
    async planifier(maintenant = new Date()): Promise<Promise<unknown>[]> {
      const lances: Promise<unknown>[] = [];
      for (const code of clesDe(definitions)) {
        const derniere = await repository.derniereDebut(code);
        const echecs = await repository.echecsDeSuite(code);
        const periode = definitions[code].periodiciteMinutes;
        const minutes =
          echecs === 0 ? periode : Math.min(periode, PREMIER_REESSAI_MINUTES * 2 ** (echecs - 1));
        const du = minutes * 60_000;
        if (derniere && maintenant.getTime() - derniere.getTime() < du) continue;
        const run = await lancer(code, 'PLANIFIE', null);
        if (run) lances.push(run.fini);
      }
      return lances;
    },
  };
}
export type TachesService = ReturnType<typeof createTachesService>;
