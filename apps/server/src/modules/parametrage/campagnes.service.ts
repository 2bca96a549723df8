import type { CampagnePatch } from '@estive/contracts';
import { requireParametrage, requirePerimetre, type Acteur } from '../../lib/acteur';
import { invalid, notFound } from '../../lib/errors';
import type { CampagnesRepository } from './campagnes.repository';

const INTROUVABLE = "Cette campagne n'est pas dans votre périmètre";
const FIN_AVANT_DEBUT = 'La date de fin doit être postérieure à la date de début';

function verifierDates(debut: string, fin: string) {
  if (fin < debut)
    throw invalid(
      'Veuillez vérifier votre saisie',
      [],
      [{ field: 'fin', defaultMessage: FIN_AVANT_DEBUT }],
    );
}

/** Campaigns of the active perimeter's ODG (spec part 2 §7 'Parametrage: campaigns'). */
export function createCampagnesService(repo: CampagnesRepository) {
  async function lister(acteur: Acteur) {
    requireParametrage(acteur);
    return repo.lister(requirePerimetre(acteur));
  }
  async function une(odg: number, id: number) {
    const k = (await repo.lister(odg)).find((c) => c.id === String(id));
    if (!k) throw notFound(INTROUVABLE);
    return k;
  }
  return {
    lister,

    async creer(
      acteur: Acteur,
      v: { libelle: string; debut: string; fin: string; courante: boolean },
    ) {
      requireParametrage(acteur);
      const odg = requirePerimetre(acteur);
      verifierDates(v.debut, v.fin);
      const id = await repo.creer(odg, v);
      if (id === undefined) throw new Error('campagne non créée');
      return une(odg, id);
    },

    async modifier(acteur: Acteur, id: number, v: CampagnePatch) {
      requireParametrage(acteur);
      const odg = requirePerimetre(acteur);
      const avant = await repo.trouver(odg, id);
      if (!avant) throw notFound(INTROUVABLE);
      verifierDates(v.debut ?? avant.debut, v.fin ?? avant.fin);
      await repo.modifier(odg, id, v);
      return une(odg, id);
    },

    /** For other modules (rounds): the ODG's current campaign id, or null. */
    courante: (odgId: number) => repo.courante(odgId),
  };
}
export type CampagnesService = ReturnType<typeof createCampagnesService>;
