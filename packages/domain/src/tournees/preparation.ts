import type { NiveauControle } from '../enums';

/** One appellation of a control being prepared in the round wizard (spec part 1 §3). */
export interface AppellationEnPreparation {
  siteIds: readonly string[];
  activiteAopIgpIds: readonly string[];
  niveau: NiveauControle | null;
}

/** A control card of step 2 of the round wizard. */
export interface ControleEnPreparation {
  /** The day and time chosen, or null while not chosen. */
  date: string | null;
  appellations: readonly AppellationEnPreparation[];
}

/**
 * The red 'Incomplet' chip (spec part 1 §5): a control is incomplete unless its date is set, it
 * has at least one appellation, and each appellation has a site, an activity and a level.
 */
export const controleTourneeIncomplet = (controle: ControleEnPreparation): boolean =>
  !controle.date ||
  controle.appellations.length === 0 ||
  controle.appellations.some(
    (a) => a.siteIds.length === 0 || a.activiteAopIgpIds.length === 0 || !a.niveau,
  );
