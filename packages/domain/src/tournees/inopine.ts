import type { NiveauControle, StatutHabilitation, TypeDocument, TypeDroit } from '../enums';

/** An unannounced inspection is always at this level (spec part 1 §5, part 2 §9). */
export const NIVEAU_INOPINE: NiveauControle = 'INIT_CIBLE_INO';

/** The active right as far as these rules look at it. */
export interface DroitActifInopine {
  type: TypeDroit;
  siret: string | null;
}

/**
 * 'Créer un contrôle inopiné' is offered only under an active right of type ODG or ODG_REFERENTE
 * holding a SIRET: the control is made out in that body's name.
 */
export const peutCreerInopine = (droitActif: DroitActifInopine | null): boolean =>
  // Every right is of type ODG or ODG_REFERENTE (TYPES_DROIT): the SIRET is what decides.
  droitActif !== null && !!droitActif.siret;

/** An operator's habilitation, reduced to what qualifies the operator. */
export interface HabilitationOperateur {
  statut: StatutHabilitation;
}

/** Habilitated ('Habilité') means holding at least one VALIDEE habilitation (spec part 2 §5). */
export const estHabilite = (operateur: {
  habilitations?: readonly HabilitationOperateur[] | null;
}): boolean => (operateur.habilitations ?? []).some((h) => h.statut === 'VALIDEE');

/** A site of the operator; `siege` marks the headquarters, `aopIds` the labels it serves. */
export interface SiteOperateur {
  id: string;
  siege?: boolean;
  aopIds?: readonly (string | number)[];
}

/**
 * The site preselected for a label: the headquarters, else the first site linked to the label;
 * none when neither exists, and the controller chooses.
 */
export function sitesParDefaut(sites: readonly SiteOperateur[], aopIgpId: string): string[] {
  const site =
    sites.find((s) => s.siege) ??
    sites.find((s) => (s.aopIds ?? []).some((id) => String(id) === aopIgpId));
  return site ? [site.id] : [];
}

/** A file of the operator; `dateCreation` is an ISO date, comparable as text. */
export interface DocumentOperateur {
  id: string;
  /** A TypeDocument; any other type is left out of the preselection. */
  typeDocument: string;
  dateCreation: string;
}

/** The documents preselected: the latest DI and the latest audit report, the ones a controller reads. */
export function documentsParDefaut(documents: readonly DocumentOperateur[]): string[] {
  const dernier = (type: TypeDocument) =>
    documents
      .filter((d) => d.typeDocument === type)
      .reduce<DocumentOperateur | null>(
        (plusRecent, d) =>
          !plusRecent || d.dateCreation > plusRecent.dateCreation ? d : plusRecent,
        null,
      );
  return [dernier('DI'), dernier('RAPPORT_AUDIT')]
    .filter((d): d is DocumentOperateur => d !== null)
    .map((d) => d.id);
}
