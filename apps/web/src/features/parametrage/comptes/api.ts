import type {
  ImportComptesReponse,
  UtilisateurCreation,
  UtilisateurLigne,
  UtilisateurModification,
} from '@estive/contracts';
import { appeler, getJson, postJson } from '../../../lib/api';

export interface PageComptes {
  content: UtilisateurLigne[];
  totalElements: number;
}

export const lireComptes = (recherche: string, page: number, size: number) =>
  getJson<PageComptes>(
    `/api/utilisateur?${new URLSearchParams({ page: String(page), size: String(size), ...(recherche ? { recherche } : {}) }).toString()}`,
  );

export const creerCompte = (v: UtilisateurCreation) =>
  postJson<{ id: string; invitation: string }>('/api/utilisateur', v);

export const definirActif = (id: string, actif: boolean) =>
  appeler(`/api/utilisateur/${id}/${actif ? 'reactivation' : 'desactivation'}`, { method: 'POST' });

/** Mass creation: the file in the multipart part `fichier`; a dry run writes nothing. */
export async function importerComptes(fichier: File, simulation: boolean) {
  const corps = new FormData();
  corps.append('fichier', fichier);
  const reponse = await appeler(`/api/utilisateur/import?simulation=${String(simulation)}`, {
    method: 'POST',
    body: corps,
    timeoutMs: 120_000,
  });
  return (await reponse.json()) as ImportComptesReponse;
}

export const modifierCompte = (id: string, v: UtilisateurModification) =>
  appeler(`/api/utilisateur/${id}`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(v),
  });

/** `/api/droits/morale` for office accounts, `/controlleur` (the spec's spelling) for controllers. */
export const genreDroit = (role: string) => (role === 'ROLE_CONTROLEUR' ? 'controlleur' : 'morale');

/** Gives the account a right on the ODG of the right `droitId` (the caller's own, or any for CNAOL). */
export const donnerDroit = (genre: string, utilisateurId: string, droitId: string) =>
  appeler(`/api/droits/${genre}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Droit-Actif': droitId },
    body: JSON.stringify({ utilisateurId }),
  });

/** Removes a right of the account on the active perimeter's ODG. */
export const retirerDroit = (genre: string, droitId: string) =>
  appeler(`/api/droits/${genre}/${droitId}`, { method: 'DELETE' });
