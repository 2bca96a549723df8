import type { Dexie } from 'dexie';
import { FLUX_CURSEUR, RECHECK_MAX } from '@estive/contracts';
import { apiDe } from '../../lib/api';
import { FLUX } from './entities';
import { SynchroEnCoursError, SynchroInterrompueError, VersionObsoleteError } from './errors';
import { ecrireMeta, META } from './meta';
import { enParallele } from '../../lib/enParallele';
import { verrousNavigateur } from '../../lib/navigateur';
import { completerNumeros } from './numerosRapport';
import { cleCheckpoint, ecrireLot, tirerFlux } from './pull';
import { tirerInstantane } from './instantane';
import { idsNonSynchronises } from './nonSynchronises';
import { envoyerControles, envoyerJournaux, envoyerOperateurs } from './push';
import type {
  BilanSynchro,
  EnregistrementLocal,
  MesureFlux,
  ProgresSynchro,
  SyncHttp,
} from './types';

export const ERREURS_MAX = 3;
/**
 * Feeds pulled at once: the browser carries six calls at a time to one server, and a feed's small
 * batches are round trips on a mobile link; one connection is left to the app's own calls.
 */
const FLUX_SIMULTANES = 5;

export interface OptionsSynchro {
  db: Dexie;
  http: SyncHttp;
  buildId: string;
  /** The active right's ODG: the device keeps a block of report numbers for it. */
  odgId?: string;
  surProgres?: (progres: ProgresSynchro) => void;
  /** Pause between retries of a failed call; shortened in tests. */
  attenteMs?: (tentative: number) => number;
  /**
   * Called once the controls and rounds are in (pulled, or nothing new), while the directory may
   * still be downloading: the files the coming visits need are fetched beside it instead of after
   * it. The run ends once it has settled; its failure is its own, never the run's.
   */
  surVisitesRecues?: () => Promise<unknown>;
}

/** The feeds whose documents say which files the coming visits need. */
const FLUX_DES_VISITES = new Set<string>(['controle', 'tournee']);

/**
 * The order feeds start in, a few at a time (each writes its own table, so the order only decides
 * which waits): the directory first — on a fresh device its download is the run's length — then
 * the visits' feeds, whose files are fetched beside it, then the others in the table's order.
 */
const PRIORITE: Partial<Record<string, number>> = { 'annuaire-morale': 0, controle: 1, tournee: 1 };

/**
 * One sync run (docs/architecture.md §5): version check → push logs → push operators → push
 * controls → pull every feed → recheck controls. Push comes first so that the pull never meets
 * local work it could shadow. Each failed call is retried; more than 3 failures stop the run.
 */
export async function synchroniser(options: OptionsSynchro): Promise<BilanSynchro> {
  // One run at a time across tabs: two concurrent pushes of the same control would race.
  const verrous = verrousNavigateur();
  if (verrous) {
    const bilan = await verrous.request('estive-synchro', { ifAvailable: true }, (lock) =>
      lock ? executer(options) : null,
    );
    if (!bilan) throw new SynchroEnCoursError();
    return bilan;
  }
  return executer(options);
}

async function executer({
  db,
  http,
  buildId,
  odgId,
  surProgres,
  attenteMs,
  surVisitesRecues,
}: OptionsSynchro): Promise<BilanSynchro> {
  const debut = performance.now();
  const total = FLUX.length + 5;
  let fait = 0;
  const progres = (etape: ProgresSynchro['etape'], libelle: string, recus = 0) =>
    surProgres?.({ etape, libelle, fait, total, recus });

  let erreurs = 0;
  // Once the run has failed, every feed still going stops at its next call: nothing of this run
  // may still be pulling and writing after it has ended (and released the lock to another run).
  let arret: Error | null = null;
  const arreter = (err: unknown): Error => {
    arret ??= err instanceof Error ? err : new Error(String(err));
    return arret;
  };
  const appeler = async <T>(fn: () => Promise<T>): Promise<T> => {
    for (;;) {
      if (arret) throw arret;
      try {
        return await fn();
      } catch (err) {
        if (err instanceof VersionObsoleteError) throw arreter(err);
        erreurs += 1;
        if (erreurs > ERREURS_MAX) throw arreter(new SynchroInterrompueError(err));
        await new Promise((r) => setTimeout(r, attenteMs?.(erreurs) ?? 500 * erreurs));
      }
    }
  };

  const api = apiDe(http);
  progres('VERSION', "Vérification de la version de l'application");
  const version = await appeler(() => api('GET /api/version', { query: { sha: buildId } }));
  if (!version.current) throw new VersionObsoleteError();
  fait++;

  // The push phase's own time (bench:reseau prints it): with nothing to send it is local reads.
  const debutEnvoi = performance.now();
  progres('ENVOI_JOURNAUX', 'Envoi des journaux');
  const journaux = await envoyerJournaux(db, http, appeler);
  fait++;
  progres('ENVOI_OPERATEURS', 'Envoi des coordonnées des opérateurs');
  const operateurs = await envoyerOperateurs(db, http, appeler);
  fait++;
  progres('ENVOI_CONTROLES', 'Envoi des contrôles');
  const debutEnvoiControles = performance.now();
  const envoi = await envoyerControles(db, http, appeler);
  const finEnvoi = performance.now();
  fait++;

  const recus: Record<string, number> = {};
  const parFlux: BilanSynchro['parFlux'] = {};
  const checkpoints = await lireCheckpoints(db);
  const { bougent, aReverifier } = await nouveautes(db, api, appeler, checkpoints);
  const aTirer = FLUX.filter((f) => !checkpoints.has(f.entite) || bougent.has(f.entite)).sort(
    (a, b) => (PRIORITE[a.entite] ?? 2) - (PRIORITE[b.entite] ?? 2),
  );
  for (const flux of FLUX) recus[flux.entite] = 0;
  fait += FLUX.length - aTirer.length;
  // Beside the feeds, not after them: each is a round trip of its own on a mobile link.
  const numeros = odgId === undefined ? null : completerNumeros(db, http, odgId);
  // Awaited below; if a feed fails first, the run waits for it all the same, then fails.
  numeros?.catch(() => undefined);
  const visitesEnAttente = new Set(
    aTirer.flatMap((f) => (FLUX_DES_VISITES.has(f.entite) ? [f.entite] : [])),
  );
  // A holder, not a local: a feed's task sets it, and a local's narrowing would not see it do so.
  const visites: { fichiers?: Promise<unknown> } = {};
  const visitesRecues = () => {
    visites.fichiers ??= surVisitesRecues?.().catch(() => undefined);
  };
  if (visitesEnAttente.size === 0) visitesRecues();
  // Feeds write to distinct tables: a few at a time.
  const feeds = enParallele(
    aTirer,
    FLUX_SIMULTANES,
    async (flux) => {
      progres('RECEPTION', flux.libelle);
      const enCours = () => {
        if (arret) throw arret;
      };
      // A fresh device's directory: the server's snapshot, then the feed from its checkpoint.
      const { getFlux } = http;
      const instantane =
        flux.entite === 'annuaire-morale' && !checkpoints.has(flux.entite) && getFlux
          ? await tirerInstantane(
              db,
              http,
              getFlux,
              appeler,
              (n) => progres('RECEPTION', flux.libelle, n),
              enCours,
            )
          : null;
      const avant = instantane?.recus ?? 0;
      const suite = await tirerFlux(
        db,
        http,
        flux,
        appeler,
        (n) => progres('RECEPTION', flux.libelle, avant + n),
        enCours,
      );
      const mesure: MesureFlux = instantane
        ? {
            recus: instantane.recus + suite.recus,
            ecritureMs: instantane.ecritureMs + suite.ecritureMs,
            totalMs: instantane.totalMs + suite.totalMs,
          }
        : suite;
      recus[flux.entite] = mesure.recus;
      parFlux[flux.entite] = mesure;
      fait++;
      visitesEnAttente.delete(flux.entite);
      if (visitesEnAttente.size === 0) visitesRecues();
    },
    arreter,
  );
  try {
    await feeds;
  } catch (err) {
    // Nothing of this run may still write once it has ended and let another run start.
    await Promise.allSettled([numeros, visites.fichiers]);
    throw err;
  }

  progres('VERIFICATION', 'Vérification des contrôles');
  await reverifierControles(db, http, appeler, aReverifier.slice(RECHECK_MAX));
  await numeros;
  await visites.fichiers;
  fait++;

  await ecrireMeta(db, META.derniereSynchro, new Date().toISOString());
  progres('TERMINE', 'Synchronisation terminée');
  const bilan: BilanSynchro = {
    envoyes: { controles: envoi.envoyes, operateurs, journaux },
    conflits: envoi.resultats.filter((r) => r.statut === 'CONFLIT').length,
    rejets: envoi.resultats
      .filter((r) => r.statut === 'REJETE')
      .map((r) => ({ id: r.localId, message: r.message ?? 'Contrôle refusé par le serveur' })),
    recus,
    parFlux,
    envoiMs: finEnvoi - debutEnvoi,
    envoiControlesMs: finEnvoi - debutEnvoiControles,
    dureeMs: Math.round(performance.now() - debut),
  };
  // Visible in the browser's performance timeline and read by bench/sync.
  performance.measure('estive:synchro', { start: debut, detail: bilan });
  return bilan;
}

const estFluxCurseur = (entite: string): entite is (typeof FLUX_CURSEUR)[number] =>
  FLUX_CURSEUR.some((e) => e === entite);

/**
 * One call says which feeds moved since their checkpoints (the others would answer an empty
 * batch) and, for the controls the device holds, which to drop (issue 29 item 3; the few beyond
 * one call are rechecked after the pull). A fresh device holds neither: it pulls every feed, and
 * the call, one round trip on a mobile link, would tell it nothing.
 */
async function nouveautes(
  db: Dexie,
  api: ReturnType<typeof apiDe>,
  appeler: <T>(fn: () => Promise<T>) => Promise<T>,
  checkpoints: Map<string, { id: string; lastSync: string }>,
): Promise<{ bougent: Set<string>; aReverifier: string[] }> {
  const aReverifier = await idsDeControlesServeur(db);
  if (checkpoints.size === 0 && aReverifier.length === 0)
    return { bougent: new Set(), aReverifier };
  const { entites, supprimes } = await appeler(() =>
    api('POST /api/synchro/nouveautes', {
      corps: {
        checkpoints: [...checkpoints].flatMap(([entite, c]) =>
          estFluxCurseur(entite) ? [{ entite, ...c }] : [],
        ),
        reCheckIds: aReverifier.slice(0, RECHECK_MAX),
      },
    }),
  );
  await ecrireLot(
    db,
    { entite: 'controle-recheck', table: 'controles' },
    { documents: (supprimes ?? []).map((id) => ({ id, _deleted: true })), checkpoint: null },
  );
  return { bougent: new Set(entites), aReverifier };
}

/** The checkpoint of each feed the device has pulled before. */
async function lireCheckpoints(db: Dexie): Promise<Map<string, { id: string; lastSync: string }>> {
  const valeurs = await db
    .table<{ key: string; value: { id: string; lastSync: string } }, string>('meta')
    .bulkGet(FLUX.map((f) => cleCheckpoint(f.entite)));
  const checkpoints = new Map<string, { id: string; lastSync: string }>();
  FLUX.forEach((f, i) => {
    const v = valeurs[i]?.value;
    if (v) checkpoints.set(f.entite, v);
  });
  return checkpoints;
}

/** The server ids of the controls the device holds (keys only: no grid is read). */
async function idsDeControlesServeur(db: Dexie): Promise<string[]> {
  return (
    await db.table<EnregistrementLocal, string>('controles').toCollection().primaryKeys()
  ).filter((id) => !id.startsWith('local-'));
}

/**
 * The controls beyond what `nouveautes` rechecked, checked again: gone or out of scope ones are
 * dropped (a device rarely holds that many).
 */
async function reverifierControles(
  db: Dexie,
  http: SyncHttp,
  appeler: <T>(fn: () => Promise<T>) => Promise<T>,
  ids: string[],
) {
  for (let i = 0; i < ids.length; i += 100) {
    const lot = ids.slice(i, i + 100);
    const reponse = await appeler(() =>
      apiDe(http)('GET /api/synchro/controle-recheck', { query: { reCheckIds: lot.join(',') } }),
    );
    await ecrireLot(
      db,
      { entite: 'controle-recheck', table: 'controles' },
      { ...reponse, checkpoint: null },
    );
  }
}

/** 'Unvalidate': unsynced controls go back to EN_COURS (spec part 2 §4). */
export async function devaliderControles(db: Dexie): Promise<number> {
  return db
    .table<EnregistrementLocal, string>('controles')
    .where('id')
    .anyOf(await idsNonSynchronises(db))
    .filter((c) => c.sync === false)
    .modify({ statut: 'EN_COURS' });
}
