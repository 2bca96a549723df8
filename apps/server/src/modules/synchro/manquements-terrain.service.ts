/**
 * What the field finds becomes the office's work (spec part 2 §4 'choosing NC creates or updates
 * a shortcoming; leaving NC removes it', 'EN_COURS is carried into a new control'): each accepted
 * entry brings the `manquement` rows of its control in line with the NC points of its grid, for
 * the control's label. Runs in the control's transaction, under its row lock, so a retried or
 * replayed push finds its own rows and changes nothing.
 *
 * A later control finding again an open (EN_COURS) shortcoming of the same point updates that one
 * row rather than adding a second: it becomes a recidive, keeps the control that found it again,
 * and stays open for the office to lift (`docs/decisions.md`, 'Shortcomings from the field').
 */
import {
  echeanceMesure,
  grilleSchema,
  jourParis,
  type ManquementGrille,
  type StatutControle,
} from '@estive/domain';
import type { Transaction } from '../../db/client';
import {
  manquementsTerrainRepository as repo,
  type ConstatManquement,
  type LigneManquement,
} from './manquements-terrain.repository';

/** The control as the entry left it. */
export interface ControleConstate {
  id: number;
  numeroRapport: number;
  personneMoraleId: number;
  aopIgpId: number;
  date: Date;
  statut: StatutControle;
  grille: unknown;
}

/** The grid's shortcomings of the control's label; none for a cancelled control. */
export function manquementsDuLabel(c: Pick<ControleConstate, 'aopIgpId' | 'statut' | 'grille'>) {
  if (c.statut === 'ANNULE' || c.grille === null) return [];
  const grille = grilleSchema.safeParse(c.grille);
  if (!grille.success) return [];
  return grille.data.manquements.filter(
    (m) => m.aopIgp.id === String(c.aopIgpId) && /^\d{1,15}$/.test(m.pointControleId),
  );
}

function constat(m: ManquementGrille, jourControle: string): ConstatManquement {
  const { correctives, correctrices } = m.saisie;
  return {
    niveau: m.seuil,
    valeur: m.valeur,
    informationsAuditeur: m.saisie.informationsAuditeur,
    informationsAudite: m.saisie.informationsAudite,
    mesureCorrective: correctives.mesure,
    delaiSuiviCorrective: correctives.delai,
    dateSuiviCorrective: echeanceMesure(correctives, jourControle),
    mesureCorrectrice: correctrices.mesure,
    delaiSuiviCorrectrice: correctrices.delai,
    dateSuiviCorrectrice: echeanceMesure(correctrices, jourControle),
  };
}

const CHAMPS = [
  'niveau',
  'valeur',
  'informationsAuditeur',
  'informationsAudite',
  'mesureCorrective',
  'delaiSuiviCorrective',
  'dateSuiviCorrective',
  'mesureCorrectrice',
  'delaiSuiviCorrectrice',
  'dateSuiviCorrectrice',
] as const satisfies readonly (keyof ConstatManquement)[];

const inchange = (ligne: LigneManquement, c: ConstatManquement) =>
  CHAMPS.every((k) => (ligne[k] ?? null) === (c[k] ?? null));

/** What the office reads in the shortcoming's history. */
const rapport = (c: ControleConstate) => `SIQ-${String(c.numeroRapport)}`;

/**
 * Brings the control's shortcomings in line with its grid. `utilisateurId`: who pushed the entry
 * (the history's author; null for the derivation of stored controls).
 */
export async function deriverManquements(
  tx: Transaction,
  controle: ControleConstate,
  utilisateurId: number | null,
): Promise<void> {
  // No grid, no field entry to derive from (a control entered by the office, the demo's past ones).
  if (controle.grille === null && controle.statut !== 'ANNULE') return;
  const voulus = manquementsDuLabel(controle);
  const jourControle = jourParis(controle.date);
  const actuels = await repo.duControle(tx, controle.id);
  const parPoint = new Map(actuels.map((l) => [l.pointControleId, l]));
  const vus = new Set<number>();
  const journal = (l: Pick<LigneManquement, 'id' | 'etat'>, commentaire: string) =>
    repo.journaliser(tx, {
      manquementId: l.id,
      utilisateurId,
      etatAvant: l.etat,
      etat: l.etat,
      commentaire,
    });

  for (const m of voulus) {
    const pointControleId = Number(m.pointControleId);
    vus.add(pointControleId);
    const valeurs = constat(m, jourControle);
    const ligne = parPoint.get(pointControleId);
    if (ligne) {
      if (!inchange(ligne, valeurs)) await repo.modifier(tx, ligne.id, valeurs);
      continue;
    }
    const cle = {
      personneMoraleId: controle.personneMoraleId,
      aopIgpId: controle.aopIgpId,
      pointControleId,
    };
    const porte = await repo.porte(tx, { ...cle, controleId: controle.id });
    if (porte) {
      await repo.modifier(tx, porte.id, {
        ...valeurs,
        recidive: true,
        controleRecidiveId: controle.id,
      });
      await journal(porte, `Constaté à nouveau au contrôle ${rapport(controle)}`);
      continue;
    }
    // An earlier, lifted shortcoming of the point makes this one a recidive: the dashboards
    // read that from the rows themselves (tdb-manquements' RECIDIVE).
    const id = await repo.inserer(tx, {
      ...cle,
      ...valeurs,
      controleId: controle.id,
      etat: 'EN_COURS',
    });
    await repo.journaliser(tx, {
      manquementId: id,
      utilisateurId,
      etatAvant: null,
      etat: 'EN_COURS',
      commentaire: `Constaté au contrôle ${rapport(controle)}`,
    });
  }

  // Left NC while the control was open: its own shortcoming goes, a carried one is no longer
  // marked as found again by it.
  for (const ligne of actuels) {
    if (vus.has(ligne.pointControleId)) continue;
    if (ligne.controleId === controle.id) {
      await repo.supprimer(tx, ligne.id);
      await journal(ligne, `Retiré de la saisie du contrôle ${rapport(controle)}`);
    } else {
      await repo.modifier(tx, ligne.id, { recidive: false, controleRecidiveId: null });
      await journal(ligne, `N'est plus constaté au contrôle ${rapport(controle)}`);
    }
  }
}

/** Where the stored controls to derive are read. */
export interface ControlesADeriver {
  /** Controls with a grid holding shortcomings, in date order (ids only: a few MB at most). */
  aDeriver(): Promise<{ id: number; controleurId: number | null }[]>;
  verrouiller(tx: Transaction, id: number): Promise<ControleConstate | undefined>;
}

/**
 * Derives the shortcomings of controls stored before the server derived them (`npm run
 * manquements:deriver`): each control in its own transaction, in date order so that a later
 * control finds an earlier one's open shortcoming; harmless when run again.
 */
export async function deriverManquementsStockes(
  db: { transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> },
  controles: ControlesADeriver,
  progression: (faits: number, total: number) => void = () => undefined,
): Promise<number> {
  const liste = await controles.aDeriver();
  for (const [i, { id, controleurId }] of liste.entries()) {
    await db.transaction(async (tx) => {
      const c = await controles.verrouiller(tx, id);
      if (c) await deriverManquements(tx, c, controleurId);
    });
    if ((i + 1) % 200 === 0 || i + 1 === liste.length) progression(i + 1, liste.length);
  }
  return liste.length;
}
