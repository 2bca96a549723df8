import { appeler, getJson, postJson } from '../../lib/api';
import type { InformationsOperateur, OperateurControles, Tournee } from './types';

/** The rounds area's calls (spec part 1 §7), one function each. */

async function putJson<T>(chemin: string, body: unknown): Promise<T> {
  const reponse = await appeler(chemin, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await reponse.json()) as T;
}

export const CLE_TOURNEE = 'tournee';

export const lireTournee = (id: string) => getJson<Tournee>(`/api/tournee/${id}`);
export const initialiserTournee = (controleurId: string) =>
  postJson<{ id: string }>('/api/tournee/initialise', { controleurId });
export const modifierControleur = (id: string, controleurId: string) =>
  putJson<Tournee>(`/api/tournee/${id}/modifie`, { controleurId });
export const ajouterControles = (id: string, payload: OperateurControles) =>
  postJson<Tournee>(`/api/tournee/${id}/ajoute`, payload);
export const supprimerControles = (id: string, controleIds: string[]) =>
  postJson<Tournee>(`/api/tournee/${id}/supprime`, { controleIds });
export const sauvegarderTournee = (
  id: string,
  corps: { panierOperateurIds: string[]; operateurControles: OperateurControles[] },
) => putJson<Tournee>(`/api/tournee/${id}/sauvegarde`, corps);
export const finaliserTournee = (id: string) =>
  postJson<Tournee>(`/api/tournee/${id}/finalise`, {});

export const ajouterAuPanier = (personneMoraleIds: string[]) =>
  postJson<{ ajoutes: number }>('/api/panier', { personneMoraleIds });
export const retirerDuPanier = async (personneMoraleId: string): Promise<void> => {
  await appeler(`/api/panier/${personneMoraleId}`, { method: 'DELETE' });
};
/** The operators' sites, labels with activities and documents, by operator id. */
export async function lireInformations(
  ids: string[],
): Promise<Record<string, InformationsOperateur>> {
  if (ids.length === 0) return {};
  const q = new URLSearchParams(ids.map((id) => ['ids', id]));
  const { informations } = await getJson<{
    informations: { personneMoraleId: string; informations: InformationsOperateur }[];
  }>(`/api/panier/informations?${q}`);
  return Object.fromEntries(informations.map((i) => [i.personneMoraleId, i.informations]));
}

/** Opens a PDF of the API (planning, avis de passage) in a new tab: the call needs the bearer. */
export async function ouvrirFichier(id: string): Promise<void> {
  const reponse = await appeler(`/api/fichier/${id}`);
  const url = URL.createObjectURL(await reponse.blob());
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Mails the avis de passage of a programmed control to its operator (issue 16 §5). */
export const envoyerAvisPassage = (controleId: string) =>
  postJson<{ resultat: 'ENVOYE' | 'JOURNAL'; message: string }>(
    `/api/mail/avis-de-passage/${controleId}`,
    {},
  );
