import {
  type ConflitDetail,
  type ConflitResolutionRequest,
  type VersionControle,
} from '@estive/contracts';
import {
  champDe,
  estObjet,
  estParmi,
  grilleSchema,
  RESULTATS_CONTROLE,
  ROLES_BUREAU,
  STATUTS_CONTROLE,
  STATUTS_FINALISES,
  synthesesSchema,
} from '@estive/domain';
import { conflict, notFound } from '../../lib/errors';
import { requirePerimetre, requireRole, type Acteur } from '../../lib/acteur';
import { constaterManquements, saisieAppareil } from '../synchro/synchro.service';
import type { ChampsSaisie, ConflitsRepository, LigneDetailConflit } from './conflits.repository';

export const CONFLIT_INTROUVABLE = "Ce conflit n'est pas dans votre périmètre";
export const CONTROLE_SCELLE =
  'Ce contrôle est finalisé : son rapport signé ne peut plus être modifié. La version du bureau est conservée.';

/**
 * Refused entries (kept in the inbox: locked, or disagreeing with the grid's rules): the control
 * as it stands is the office's side.
 */
const REFUSES: readonly string[] = ['FINALISE', 'REAFFECTE', 'VERDICTS'];

/** The disagreements the server found in a refused entry (`controle_conflit.serveur.ecarts`). */
function ecartsDe(serveur: unknown): string[] {
  const ecarts = champDe(serveur, 'ecarts');
  return Array.isArray(ecarts) ? ecarts.filter((e): e is string => typeof e === 'string') : [];
}

const VIDE: VersionControle = {
  date: null,
  statut: null,
  resultat: null,
  etapeSaisie: null,
  raisonAbandon: null,
  controleur: null,
  grille: null,
  synthese: null,
};

/** The office's snapshot taken when an applied entry arrived (`controle_conflit.serveur`). */
function champsServeur(serveur: unknown): ChampsSaisie | null {
  if (!estObjet(serveur)) return null;
  const { date, statut, resultat, etapeSaisie, raisonAbandon } = serveur;
  // Written by the server itself (saisieAppareil): a statut outside the list means no snapshot.
  if (typeof date !== 'string' || !estParmi(STATUTS_CONTROLE, statut)) return null;
  return {
    date: new Date(date),
    statut,
    resultat: estParmi(RESULTATS_CONTROLE, resultat) ? resultat : null,
    etapeSaisie: typeof etapeSaisie === 'number' ? etapeSaisie : 1,
    grille: serveur.grille ?? null,
    synthese: serveur.synthese ?? null,
    raisonAbandon: typeof raisonAbandon === 'string' ? raisonAbandon : null,
  };
}

/**
 * A stored grid and synthesis (the control's columns, the office's snapshot, the device's entry)
 * read through the domain's schemas where they enter the comparison: the view reads a Grille.
 */
const lus = (c: { grille: unknown; synthese: unknown }) => ({
  grille: grilleSchema.nullable().parse(c.grille ?? null),
  synthese: synthesesSchema.nullable().parse(c.synthese ?? null),
});

const version = (c: ChampsSaisie | null, controleur: string | null): VersionControle =>
  c ? { ...c, ...lus(c), date: c.date.toISOString(), controleur } : { ...VIDE, controleur };

function presenter(d: LigneDetailConflit): ConflitDetail {
  const refuse = REFUSES.includes(d.motif);
  const bureau: VersionControle = refuse
    ? { ...d.actuel, ...lus(d.actuel) }
    : version(champsServeur(d.serveur), d.actuel.controleur);
  return {
    id: d.id,
    controleId: d.controleId,
    numeroRapport: d.numeroRapport,
    raisonSociale: d.raisonSociale,
    aopIgp: d.aopIgp,
    dateControle: d.dateControle,
    motif: d.motif,
    controleur: d.controleur,
    recuLe: d.recuLe,
    resoluLe: d.resoluLe,
    bureau,
    appareil: version(saisieAppareil(d.saisie), d.controleur),
    ecarts: ecartsDe(d.serveur),
    resolution: d.resolution,
  };
}

/**
 * Sync conflicts for the office (issue 18 item 7): list, both versions, and the choice of one.
 * Keeping the device's entry writes it on the control; keeping the office's restores the office's
 * snapshot for an applied entry, and leaves the control as it is for a refused one.
 */
export function createConflitsService(repo: ConflitsRepository) {
  function perimetre(acteur: Acteur): number {
    requireRole(acteur, ...ROLES_BUREAU);
    return requirePerimetre(acteur);
  }
  async function lire(odgId: number, id: number): Promise<ConflitDetail> {
    const d = await repo.detail(undefined, odgId, id);
    if (!d) throw notFound(CONFLIT_INTROUVABLE);
    return presenter(d);
  }

  return {
    async page(acteur: Acteur, resolu: boolean, page: number, size: number) {
      const odgId = perimetre(acteur);
      const { lignes, total } = await repo.page(odgId, resolu, page, size);
      return {
        content: lignes,
        totalElements: total,
        totalPages: Math.ceil(total / size),
        number: page,
        size,
      };
    },

    detail(acteur: Acteur, id: number): Promise<ConflitDetail> {
      return lire(perimetre(acteur), id);
    },

    async resoudre(
      acteur: Acteur,
      id: number,
      demande: ConflitResolutionRequest,
    ): Promise<ConflitDetail> {
      const odgId = perimetre(acteur);
      await repo.transaction(async (tx) => {
        const d = await repo.detail(tx, odgId, id, true);
        if (!d) throw notFound(CONFLIT_INTROUVABLE);
        // Already closed (a double click, two offices): the first choice stands.
        if (d.resoluLe !== null) return;
        // Signed means sealed: nothing replaces a finalised control's entry, the office neither.
        if (demande.garde === 'APPAREIL' && STATUTS_FINALISES.includes(d.actuel.statut))
          throw conflict(CONTROLE_SCELLE);
        const refuse = REFUSES.includes(d.motif);
        const champs =
          demande.garde === 'APPAREIL'
            ? saisieAppareil(d.saisie)
            : refuse
              ? null
              : champsServeur(d.serveur);
        await repo.resoudre(tx, {
          id,
          controleId: Number(d.controleId),
          odgId,
          utilisateurId: acteur.utilisateurId,
          garde: demande.garde,
          motif: d.motif,
          champs,
        });
        if (champs) await constaterManquements(tx, Number(d.controleId), acteur.utilisateurId);
      });
      return lire(odgId, id);
    },
  };
}
export type ConflitsService = ReturnType<typeof createConflitsService>;
