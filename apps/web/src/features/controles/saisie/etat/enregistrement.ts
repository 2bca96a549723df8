import {
  at,
  type Grille,
  type ResultatControle,
  type StatutControle,
  type Syntheses,
} from '@estive/domain';
import type { EstiveDb } from '../../../../offline/db';
import type { ControleSaisi } from '../types';

/** What the entry form stores on every control of the visit (spec part 2 §4 'Enregistrer'). */
export interface Brouillon {
  grille: Grille;
  synthese: Syntheses;
  etape: number;
  /** Result per AOP-IGP id, computed by the grid engine. */
  resultats: Record<string, ResultatControle | null>;
  /**
   * False while the grid and synthesis are as opened: only the step is remembered, and the
   * control keeps its sync state and status (viewing is not an edit the next sync would push).
   */
  edite: boolean;
}

export class ControleIntrouvableError extends Error {
  constructor(id: string) {
    super(`Le contrôle ${id} est introuvable sur l'appareil`);
    this.name = 'ControleIntrouvableError';
  }
}

/** Statuses that opening the entry form leaves alone: only a programmed control starts entry. */
const statutApresSaisie = (statut: StatutControle): StatutControle =>
  statut === 'PROGRAMME' ? 'EN_COURS' : statut;

/**
 * The stored form of one control after a save: the shared grid and synthesis, the step, its own
 * result, EN_COURS once entry has started, and `sync: false` so the next sync pushes it (with its
 * `version` as baseVersion).
 */
export function appliquerBrouillon(
  controle: ControleSaisi,
  brouillon: Brouillon,
  maintenant: number,
): ControleSaisi {
  if (!brouillon.edite) return { ...controle, etapeSaisie: brouillon.etape };
  return {
    ...controle,
    grille: brouillon.grille,
    synthese: brouillon.synthese,
    etapeSaisie: brouillon.etape,
    resultat: brouillon.resultats[controle.aopIgp.id] ?? controle.resultat ?? null,
    statut: statutApresSaisie(controle.statut),
    sync: false,
    timestamp: maintenant,
  };
}

/**
 * Saves the draft on every control of the visit in one transaction: all of them or none, so the
 * controls of one visit never disagree on their shared grid. A control missing from the device
 * (wiped, or removed by a sync) is an error the page shows.
 */
export async function enregistrerBrouillon(
  base: EstiveDb,
  ids: readonly string[],
  brouillon: Brouillon,
  maintenant = Date.now(),
): Promise<ControleSaisi[]> {
  return base.transaction('rw', base.controles, async () => {
    const trouves = await base.controles.bulkGet([...ids]);
    const enregistres = trouves.map((controle, i) => {
      if (!controle) throw new ControleIntrouvableError(at(ids, i));
      return appliquerBrouillon(controle, brouillon, maintenant);
    });
    await base.controles.bulkPut(enregistres);
    return enregistres;
  });
}

/** Moves the visit to another day (the Sunday rule is checked by the dialog before this). */
export async function changerDateVisite(
  base: EstiveDb,
  ids: readonly string[],
  date: string,
): Promise<void> {
  await base.transaction('rw', base.controles, async () => {
    const trouves = await base.controles.bulkGet([...ids]);
    const modifies = trouves.map((controle, i) => {
      if (!controle) throw new ControleIntrouvableError(at(ids, i));
      return { ...controle, date, sync: false, timestamp: Date.now() };
    });
    await base.controles.bulkPut(modifies);
  });
}
