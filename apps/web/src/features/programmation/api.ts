import type { OperateurControles } from '@estive/contracts';
import { api } from '../../lib/api';
import type { InformationsOperateur } from './types';
export { ouvrirFichier } from '../../lib/api';

/** The rounds area's calls (spec part 1 §7), one function each. */

export const CLE_TOURNEE = 'tournee';

export const lireTournee = (id: string) => api('GET /api/tournee/{id}', { params: { id } });
export const initialiserTournee = (controleurId: string) =>
  api('POST /api/tournee/initialise', { corps: { controleurId } });
export const modifierControleur = (id: string, controleurId: string) =>
  api('PUT /api/tournee/{id}/modifie', { params: { id }, corps: { controleurId } });
export const ajouterControles = (id: string, payload: OperateurControles) =>
  api('POST /api/tournee/{id}/ajoute', { params: { id }, corps: payload });
/**
 * Long server work (issue 32 item 6: 50 cards, a big round's documents) gets longer than the
 * client's 30 s default before the page gives up and checks what the server did.
 */
export const DELAI_TRAVAIL_LONG_MS = 120_000;
/** Every card of step 2 in one request: all created, or none and each card's reasons. */
export const ajouterControlesEnLot = (
  id: string,
  operateurControles: OperateurControles[],
  timeoutMs = DELAI_TRAVAIL_LONG_MS,
) =>
  api('POST /api/tournee/{id}/ajoute-lot', {
    params: { id },
    corps: { operateurControles },
    timeoutMs,
  });
/** The controller's visits outside the round (the same-hour warning; issue 32 item 4). */
export const lireVisitesControleur = (id: string, controleurId?: string) =>
  api('GET /api/tournee/{id}/visites-controleur', {
    params: { id },
    query: controleurId ? { controleurId } : {},
  });
export const supprimerControles = (id: string, controleIds: string[]) =>
  api('POST /api/tournee/{id}/supprime', { params: { id }, corps: { controleIds } });
export const sauvegarderTournee = (
  id: string,
  corps: { panierOperateurIds: string[]; operateurControles: OperateurControles[] },
) => api('PUT /api/tournee/{id}/sauvegarde', { params: { id }, corps });
export const finaliserTournee = (id: string, timeoutMs = DELAI_TRAVAIL_LONG_MS) =>
  api('POST /api/tournee/{id}/finalise', { params: { id }, timeoutMs });

export const ajouterAuPanier = (personneMoraleIds: string[]) =>
  api('POST /api/panier', { corps: { personneMoraleIds } });
export const retirerDuPanier = async (personneMoraleId: string): Promise<void> => {
  await api('DELETE /api/panier/{personneMoraleId}', { params: { personneMoraleId } });
};
/** The operators' sites, labels with activities and documents, by operator id. */
export async function lireInformations(
  ids: string[],
): Promise<Record<string, InformationsOperateur>> {
  if (ids.length === 0) return {};
  const { informations } = await api('GET /api/panier/informations', { query: { ids } });
  return Object.fromEntries(informations.map((i) => [i.personneMoraleId, i.informations]));
}

/** Mails the avis de passage of a programmed control to its operator (issue 16 §5). */
export const envoyerAvisPassage = (controleId: string) =>
  api('POST /api/mail/avis-de-passage/{controleId}', { params: { controleId } });
