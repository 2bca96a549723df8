import {
  at,
  documentsParDefaut,
  instantParis,
  NIVEAU_INOPINE,
  sitesParDefaut,
  type Grille,
} from '@estive/domain';
import type { ControleDocument } from '@estive/contracts';
import type { ControleLocal } from '../../../offline/db';
import type { OperateurAnnuaire } from '../types';
import type { AppellationInopine, ValeursInopine } from './schema';

/**
 * Local ids live in their own namespace (docs/architecture.md §5 'Local ids'): `local-<n>` with the
 * spec's counter above 500000, so they can never equal a server id; the server knows the control by
 * its clientUuid only.
 */
export const COMPTEUR_ID_LOCAL = 'compteurIdLocal';
export const BASE_ID_LOCAL = 500_000;
export const prochainNumeroLocal = (dernier: number | undefined): number =>
  Math.max(dernier ?? BASE_ID_LOCAL, BASE_ID_LOCAL) + 1;

/**
 * Labels offered: those the operator holds a VALIDEE habilitation for, as the server requires, and
 * — given `labelsOdg` — of the device's ODG only: an operator in two ODGs' perimeters also holds
 * the other ODG's labels, which this ODG's controller cannot control (nor has their activities).
 */
export function labelsHabilites(
  operateur: OperateurAnnuaire,
  labelsOdg?: ReadonlySet<string>,
): { id: string; libelle: string }[] {
  const labels = new Map<string, string>();
  for (const h of operateur.habilitations) {
    if (h.statut === 'VALIDEE' && (!labelsOdg || labelsOdg.has(h.aopIgp.id)))
      labels.set(h.aopIgp.id, h.aopIgp.libelle);
  }
  return [...labels]
    .map(([id, libelle]) => ({ id, libelle }))
    .sort((a, b) => a.libelle.localeCompare(b.libelle, 'fr'));
}

/** The operator's documents: its own files and those of its habilitations, each once. */
export function documentsOperateur(operateur: OperateurAnnuaire): ControleDocument['fichiers'] {
  const tous = [...operateur.fichiers, ...operateur.habilitations.flatMap((h) => h.fichiers)];
  return [...new Map(tous.map((f) => [f.id, f])).values()].sort((a, b) =>
    b.dateCreation.localeCompare(a.dateCreation),
  );
}

/** A label just chosen: headquarters (else first site of the label), latest DI and audit report. */
export const appellationParDefaut = (
  operateur: OperateurAnnuaire,
  aopIgpId: string,
): AppellationInopine => ({
  aopIgpId,
  siteIds: sitesParDefaut(operateur.sites, aopIgpId),
  activiteAopIgpIds: [],
  fichierIds: documentsParDefaut(documentsOperateur(operateur)),
});

/** A control created on the device: a device record with its creation's fields all set. */
export type ControleInopine = ControleLocal &
  Required<Pick<ControleLocal, 'fichierIds' | 'toCreate' | 'sync' | 'timestamp'>> & {
    clientUuid: string;
  };

/** What the device copies into the new controls so the entry form works offline. */
export interface ContexteInopine {
  operateur: OperateurAnnuaire;
  odgRef: ControleDocument['odgRef'];
  /** Label details (type, migre, gravity column) from a local control of the label, if any. */
  aopIgp: (id: string, libelle: string) => ControleDocument['aopIgp'];
  organisme: (aopIgpId: string) => ControleDocument['organisme'];
  referentiels: (aopIgpId: string) => ControleDocument['referentiels'];
  /** The visit's blank grid (domain `construireGrille`), one for all its labels. */
  grille?: Grille | null;
}

/**
 * The id a new control takes on the device: a local one (created offline, `toCreate`), or the
 * server's with its version when the server created it first (then it is already in sync).
 */
export interface IdentiteLocale {
  id: string;
  clientUuid: string;
  version?: number;
  /**
   * Final from creation: the server's, or one of the device's reserved block
   * (docs/architecture.md §5).
   */
  numeroRapport: string;
}

/**
 * One control per label (spec part 2 §5 'Offline control creation'): EN_COURS at entry step 1,
 * level INIT_CIBLE_INO, to be created by the next sync, carrying the visit's blank grid.
 */
export function construireControlesInopines(
  valeurs: ValeursInopine,
  contexte: ContexteInopine,
  identites: readonly IdentiteLocale[],
  maintenant: number,
): ControleInopine[] {
  const date = instantParis(valeurs.date, valeurs.heure);
  const documents = documentsOperateur(contexte.operateur);
  const libelles = new Map(labelsHabilites(contexte.operateur).map((l) => [l.id, l.libelle]));
  return valeurs.appellations.map((a, i) => {
    const identite = at(identites, i);
    const choisis = new Set(a.siteIds);
    const fichiers = new Set(a.fichierIds);
    return {
      id: identite.id,
      clientUuid: identite.clientUuid,
      numeroRapport: identite.numeroRapport,
      date,
      tourneeId: null,
      personneMoraleId: contexte.operateur.id,
      aopIgp: contexte.aopIgp(a.aopIgpId, libelles.get(a.aopIgpId) ?? a.aopIgpId),
      sites: contexte.operateur.sites.filter((s) => choisis.has(s.id)),
      niveau: NIVEAU_INOPINE,
      nature: 'INTERNE',
      statut: 'EN_COURS',
      resultat: null,
      activiteAopIgpIds: a.activiteAopIgpIds,
      fichierIds: a.fichierIds,
      fichiers: documents.filter((f) => fichiers.has(f.id)),
      grille: contexte.grille ?? null,
      synthese: null,
      etapeSaisie: 1,
      odgRef: contexte.odgRef,
      organisme: contexte.organisme(a.aopIgpId),
      referentiels: contexte.referentiels(a.aopIgpId),
      dernierManquements: [],
      raisonAbandon: null,
      conflit: false,
      ...(identite.version === undefined
        ? { toCreate: true, sync: false }
        : { version: identite.version, toCreate: false, sync: true }),
      timestamp: maintenant,
    };
  });
}
